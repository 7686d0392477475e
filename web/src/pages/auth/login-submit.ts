// What the Login page needs only once the visitor presses Login: the contract's checks (zod), the
// call and its answer's checks, the session and the notifications. Loaded on the first focus of
// a field or on submit, so the page itself is small (see Login.tsx).
import { loginBody, messages, type LoginBody } from '@punchclock/contract';
import { login } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { schemaErrors } from '../../forms/validation';
import { homeOf, session } from '../../session/session';

export type LoginOutcome = { home: string } | { errors: Record<string, string> };

/** Checks the values as the server would, logs in and starts the session; or the errors to show. */
export async function submitLogin(values: LoginBody): Promise<LoginOutcome> {
  const invalid = schemaErrors(loginBody, values);
  if (Object.keys(invalid).length > 0) return { errors: invalid };
  try {
    const a = await login(values);
    session.start({ ...a });
    notifySuccess(messages.login.success);
    return { home: homeOf(a.user_type) };
  } catch (e) {
    notifyError(messageOf(e, messages.login.failed));
    return { errors: fieldErrors(e) };
  }
}
