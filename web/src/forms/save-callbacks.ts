import { fieldErrors, messageOf } from '../api/client';
import { notifyError, notifySuccess } from '../components/notify';

/**
 * A form's save answers: on success the message and `done` (close, go back); on a refusal the server's field
 * messages by their fields and its message (or `failed`) in a notice.
 */
export function saveCallbacks(
  form: { setErrors: (errors: Record<string, string>) => void },
  saved: string,
  failed: string,
  done: () => void,
) {
  return {
    onSuccess: () => {
      notifySuccess(saved);
      done();
    },
    onError: (e: unknown) => {
      form.setErrors(fieldErrors(e));
      notifyError(messageOf(e, failed));
    },
  };
}
