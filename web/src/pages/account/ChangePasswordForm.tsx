import { PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changePasswordBody, messages } from '@punchclock/contract';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { SubmitButton } from '../../components/SubmitButton';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { session } from '../../session/session';

interface Values {
  current_password: string;
  new_password: string;
  new_password_confirmation: string;
}

function validate(v: Values) {
  return firstErrors(
    requiredErrors(
      { ...v },
      {
        current_password: 'Current Password',
        new_password: 'New Password',
        new_password_confirmation: 'Confirm New Password',
      },
    ),
    // The contract's checks (length, the confirmation), in the server's words.
    schemaErrors(changePasswordBody, v),
    v.new_password && v.new_password === v.current_password
      ? { new_password: messages.passwords.sameAsCurrent }
      : {},
  );
}

/** Current, new and confirm password, each with a show/hide toggle. */
export function ChangePasswordForm() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<Values>({
    initialValues: { current_password: '', new_password: '', new_password_confirmation: '' },
    validate,
  });

  const submit = form.onSubmit((values) => {
    const userId = session.get().user?.user_id;
    if (!session.token() || !userId) {
      notifyError(messages.passwords.notLoggedIn);
      session.clear();
      navigate('/login', { replace: true });
      return;
    }
    change.mutate(
      { user_id: userId, ...values },
      {
        onSuccess: (a) => {
          notifySuccess(a.message || messages.passwords.changed);
          form.reset();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messageOf(e, messages.passwords.changeFailed));
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={440}>
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          required
          description="At least 8 characters"
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          required
          {...form.getInputProps('new_password_confirmation')}
        />
        <SubmitButton
          busy={change.isPending}
          busyLabel="Changing password..."
          style={{ alignSelf: 'flex-start' }}
        >
          Change Password
        </SubmitButton>
      </Stack>
    </form>
  );
}
