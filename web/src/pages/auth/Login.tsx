import { Anchor, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { loginMessages, type LoginBody } from '@punchclock/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { requiredErrors } from '../../forms/validation';
import { afterLogin } from '../../session/guards';
import { session } from '../../session/session';
import { AuthShell, AuthSubmit, EmailField } from './AuthShell';

// The checks, the call, the session and the notifications load when they are about to be used
// (first focus of a field, or submit): the page a visitor waits for is only the form.
const loadSubmit = () => import('./login-submit');

/** Tabler's eye and eye-off outlines, drawn here rather than loaded as two more files. */
function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {off ? (
        <>
          <path d="M10.585 10.587a2 2 0 0 0 2.829 2.828" />
          <path d="M16.681 16.673a8.717 8.717 0 0 1 -4.681 1.327c-3.6 0 -6.6 -2 -9 -6c1.272 -2.12 2.712 -3.678 4.32 -4.674m2.86 -1.146a9.055 9.055 0 0 1 1.82 -.18c3.6 0 6.6 2 9 6c-.666 1.11 -1.379 2.067 -2.138 2.87" />
          <path d="M3 3l18 18" />
        </>
      ) : (
        <>
          <path d="M10 12a2 2 0 1 0 4 0a2 2 0 0 0 -4 0" />
          <path d="M21 12c-2.4 4 -5.4 6 -9 6c-3.6 0 -6.6 -2 -9 -6c2.4 -4 5.4 -6 9 -6c3.6 0 6.6 2 9 6" />
        </>
      )}
    </svg>
  );
}

export default function Login() {
  const navigate = useNavigate();
  // Sent here by a signed-in page: back to it after logging in, and (the server ended the session) why.
  const { state } = useLocation();
  const [expired] = useState(session.takeExpired);
  const [values, setValues] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState(false);

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
      if ('home' in outcome) navigate(afterLogin(state, outcome.home), { replace: true });
      else setErrors(outcome.errors);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title={loginMessages.headline}
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
          {expired && (
            <Text c="orange.8" fz="sm" role="alert">
              {loginMessages.sessionEnded}
            </Text>
          )}
          <EmailField {...field('email')} />
          {/* A text input with a show/hide toggle (as PasswordInput draws it, hidden from assistive
              technology), without PasswordInput's own code. */}
          <TextInput
            label="Password"
            type={shown ? 'text' : 'password'}
            autoComplete="current-password"
            required
            rightSection={
              <UnstyledButton
                aria-hidden
                tabIndex={-1}
                onClick={() => setShown((v) => !v)}
                c="dimmed"
                style={{ display: 'flex' }}
              >
                <EyeIcon off={shown} />
              </UnstyledButton>
            }
            {...field('password')}
          />
          <Group justify="flex-end" mt={-6}>
            <Anchor component={Link} to="/ForgetPassword" fz="sm">
              Forget Password?
            </Anchor>
          </Group>
          <AuthSubmit busy={busy} busyLabel={loginMessages.submitting}>
            {loginMessages.submit}
          </AuthSubmit>
        </Stack>
      </form>
    </AuthShell>
  );
}
