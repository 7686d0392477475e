import { Anchor, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { messages, type LoginBody } from '@punchclock/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../../components/SubmitButton';
import { requiredErrors } from '../../forms/validation';
import { AuthShell } from './AuthShell';

// The checks, the call, the session and the notifications load when they are about to be used
// (first focus of a field, or submit): the page a visitor waits for is only the form.
const loadSubmit = () => import('./login-submit');

export default function Login() {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const field = (name: keyof LoginBody) => ({
    value: values[name],
    error: errors[name],
    onFocus: () => void loadSubmit(),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [name]: value }));
      // As Mantine's forms do: typing into a field clears its error.
      if (errors[name]) setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const blank = requiredErrors(values, { email: 'Email', password: 'Password' });
    if (Object.keys(blank).length > 0) return setErrors(blank);
    setBusy(true);
    try {
      const outcome = await (await loadSubmit()).submitLogin(values);
      if ('home' in outcome) navigate(outcome.home, { replace: true });
      else setErrors(outcome.errors);
    } finally {
      setBusy(false);
    }
  };

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
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            placeholder="you@company.com"
            {...field('email')}
          />
          <PasswordInput label="Password" autoComplete="current-password" required {...field('password')} />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/ForgetPassword" fz="sm">
              Forget Password?
            </Anchor>
          </Group>
          <SubmitButton busy={busy} busyLabel={messages.login.submitting} fullWidth size="md">
            {messages.login.submit}
          </SubmitButton>
        </Stack>
      </form>
    </AuthShell>
  );
}
