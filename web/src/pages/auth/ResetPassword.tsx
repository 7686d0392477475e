import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { messages, passwordUpdateBody, RESET_REDIRECT_MS } from '@punchclock/contract';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUpdatePassword } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { AuthShell, AuthSubmit } from './AuthShell';

interface Values {
  password: string;
  password_confirmation: string;
}

/** Blank fields first, then the contract's checks of the whole request (the link's fields with the form's). */
function validate(v: Values, link: Record<string, string> | null) {
  return firstErrors(
    requiredErrors({ ...v }, { password: 'New Password', password_confirmation: 'Confirm Password' }),
    schemaErrors(passwordUpdateBody, { ...link, ...v }),
    // The schema compares the two only once every field passes: say it also beside a short password.
    v.password !== v.password_confirmation ? { password_confirmation: messages.passwords.resetMismatch } : {},
  );
}

/** The signed link of a password e-mail (email, token, expires, signature), or null when incomplete. */
function useLink() {
  const [params] = useSearchParams();
  const link = {
    email: params.get('email'),
    token: params.get('token'),
    expires: params.get('expires'),
    signature: params.get('signature'),
  };
  return link.email && link.token && link.expires && link.signature
    ? (link as Record<keyof typeof link, string>)
    : null;
}

/** A link no password can be set with: why, and the way to a new one. */
function UnusableLink({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthShell title="Set a new password">
      <Stack>
        <Alert color="orange" icon={<IconAlertCircle />} title={title}>
          {children}
        </Alert>
        <Button component={Link} to="/ForgetPassword" fullWidth>
          Request a new link
        </Button>
      </Stack>
    </AuthShell>
  );
}

/** Set a new password through the mailed link (/ResetPassword, the signed link's page). */
export default function ResetPassword() {
  const link = useLink();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const toLogin = useTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
  const form = useForm<Values>({
    initialValues: { password: '', password_confirmation: '' },
    validate: (v) => validate(v, link),
  });

  const done = outcome?.ok === true;
  if (!link)
    return (
      <UnusableLink title="This link is incomplete">
        Open the link from your password e-mail as it is, or ask for a new one.
      </UnusableLink>
    );
  // The link says when it ends (unix seconds): an ended one is told at once, not after a password was typed twice.
  // A used one is only known to the server (it answers linkUsed on submit).
  if (Number(link.expires) * 1000 < Date.now() && !done)
    return <UnusableLink title="This link has expired">{messages.passwords.linkExpired}</UnusableLink>;

  const submit = form.onSubmit((values) => {
    setOutcome(null);
    update.mutate(
      { ...link, ...values },
      {
        onSuccess: () => {
          setOutcome({ ok: true, message: messages.passwords.resetSuccessRedirect });
          toLogin.start();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          setOutcome({ ok: false, message: messageOf(e, messages.passwords.resetFailed) });
        },
      },
    );
  });

  return (
    <AuthShell
      title="Set a new password"
      subtitle="Choose a password you do not use anywhere else."
      footer={
        <Anchor component={Link} to="/ForgetPassword" fz="sm">
          Need a new link?
        </Anchor>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {outcome && (
            <Alert
              color={outcome.ok ? 'green' : 'red'}
              icon={outcome.ok ? <IconCircleCheck /> : <IconAlertCircle />}
              role="alert"
            >
              {outcome.message}
            </Alert>
          )}
          <TextInput label="Email" type="email" value={link.email} readOnly variant="filled" />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            description="At least 8 characters"
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password_confirmation')}
          />
          <AuthSubmit busy={update.isPending || done} busyLabel={done ? 'Redirecting...' : 'Saving...'}>
            Reset Password
          </AuthSubmit>
        </Stack>
      </form>
    </AuthShell>
  );
}
