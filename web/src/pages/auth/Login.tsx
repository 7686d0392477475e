import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { loginBody, messages, type LoginBody } from '@punchclock/contract';
import { Link, useNavigate } from 'react-router';
import { useLogin } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { SubmitButton } from '../../components/SubmitButton';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { homeOf, session } from '../../session/session';
import { AuthShell } from './AuthShell';

export default function Login() {
  const navigate = useNavigate();
  const loginCall = useLogin();
  const form = useForm<LoginBody>({
    initialValues: { email: '', password: '' },
    validate: (v) =>
      firstErrors(requiredErrors(v, { email: 'Email', password: 'Password' }), schemaErrors(loginBody, v)),
  });

  const submit = form.onSubmit((values) =>
    loginCall.mutate(values, {
      onSuccess: (a) => {
        session.start({ ...a });
        notifySuccess(messages.login.success);
        navigate(homeOf(a.user_type), { replace: true });
      },
      onError: (e) => {
        form.setErrors(fieldErrors(e));
        notifyError(messageOf(e, messages.login.failed));
      },
    }),
  );

  return (
    <AuthShell
      title={messages.login.headline}
      subtitle="Welcome back. Log in to your Punchclock account."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Anchor component={Link} to="/SignUp" fw={600}>
            Sign Up
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@company.com"
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/ForgetPassword" fz="sm">
              Forget Password?
            </Anchor>
          </Group>
          <SubmitButton busy={loginCall.isPending} busyLabel={messages.login.submitting} fullWidth size="md">
            {messages.login.submit}
          </SubmitButton>
        </Stack>
      </form>
    </AuthShell>
  );
}
