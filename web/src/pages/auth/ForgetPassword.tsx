import { Anchor, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { forgotPasswordBody, messages } from '@punchclock/contract';
import { Link, useNavigate } from 'react-router';
import { useForgotPassword } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { AuthShell, AuthSubmit, EmailField } from './AuthShell';

export default function ForgetPassword() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: (v) => firstErrors(requiredErrors(v, { email: 'Email' }), schemaErrors(forgotPasswordBody, v)),
  });

  const submit = form.onSubmit(({ email }) =>
    forgot.mutate(email, {
      onSuccess: () => {
        notifySuccess(messages.passwords.forgotSent);
        navigate('/login');
      },
      onError: (e) => {
        form.setErrors(fieldErrors(e));
        notifyError(messageOf(e, messages.passwords.forgotFailed));
      },
    }),
  );

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter the e-mail address of your account and we will send you a link to choose a new password."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/Login" fw={600}>
            Back to login
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <EmailField {...form.getInputProps('email')} />
          <AuthSubmit busy={forgot.isPending} busyLabel="Sending...">
            Send Reset Link
          </AuthSubmit>
        </Stack>
      </form>
    </AuthShell>
  );
}
