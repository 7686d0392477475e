import { Anchor, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTimeout } from '@mantine/hooks';
import { messages, registerBody, SIGNUP_REDIRECT_MS } from '@punchclock/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useRegister } from '../../api/auth';
import { fieldErrors, messageOf } from '../../api/client';
import { notifyError, notifySuccess } from '../../components/notify';
import { firstErrors, requiredErrors, schemaErrors } from '../../forms/validation';
import { session } from '../../session/session';
import { AuthShell, AuthSubmit } from './AuthShell';

interface SignUpValues {
  name: string;
  username: string;
  email: string;
  phone_number: string;
  date_of_birth: string;
  password: string;
  password_confirmation: string;
  terms: boolean;
}

const LABELS = {
  name: 'Full Name',
  username: 'Username',
  email: 'Email Address',
  phone_number: 'Phone Number',
  date_of_birth: 'Date of Birth',
  password: 'Password',
  password_confirmation: 'Confirm Password',
};

function validate(v: SignUpValues) {
  return firstErrors(
    requiredErrors({ ...v }, LABELS),
    v.password !== v.password_confirmation
      ? { password_confirmation: messages.registration.passwordsMismatch }
      : {},
    v.terms ? {} : { terms: messages.registration.termsRequired },
    schemaErrors(registerBody, v),
  );
}

export default function SignUp() {
  const navigate = useNavigate();
  const registerCall = useRegister();
  const [welcomed, setWelcomed] = useState(false);
  const goHome = useTimeout(() => navigate('/HomeSecond', { replace: true }), SIGNUP_REDIRECT_MS);
  const form = useForm<SignUpValues>({
    initialValues: {
      name: '',
      username: '',
      email: '',
      phone_number: '',
      date_of_birth: '',
      password: '',
      password_confirmation: '',
      terms: false,
    },
    validate,
  });

  const submit = form.onSubmit((values) =>
    // The account starts in the browser's time zone (the server falls back to UTC for one it does not know):
    // its days, reports and "today" are local from the first punch, not UTC until someone finds Settings.
    registerCall.mutate(
      { ...values, time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone },
      {
        onSuccess: (a) => {
          session.start({ ...a, email: values.email.trim().toLowerCase(), name: values.name.trim() });
          setWelcomed(true);
          notifySuccess(messages.registration.success);
          goHome.start();
        },
        onError: (e) => {
          form.setErrors(fieldErrors(e));
          notifyError(messageOf(e, messages.registration.failed));
        },
      },
    ),
  );

  const field = (name: keyof typeof LABELS) => ({
    label: LABELS[name],
    required: true,
    ...form.getInputProps(name),
  });
  const today = new Date().toISOString().slice(0, 10);

  return (
    <AuthShell
      title="Create your free account"
      subtitle="Set up your company in minutes. No credit card needed."
      width={620}
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/Login" fw={600}>
            Login
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput {...field('name')} autoComplete="name" />
            <TextInput {...field('username')} autoComplete="username" />
            <TextInput {...field('email')} type="email" autoComplete="email" />
            <TextInput {...field('phone_number')} type="tel" autoComplete="tel" />
            <TextInput {...field('date_of_birth')} type="date" max={today} autoComplete="bday" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordInput
              {...field('password')}
              autoComplete="new-password"
              description="At least 8 characters"
            />
            <PasswordInput
              {...field('password_confirmation')}
              autoComplete="new-password"
              description="Type it once more"
            />
          </SimpleGrid>
          <Checkbox
            label="I agree to the terms and conditions"
            {...form.getInputProps('terms', { type: 'checkbox' })}
          />
          <Text fz="xs" c="dimmed" mt={-8} pl={32}>
            Read our{' '}
            <Anchor component={Link} to="/TermServices" fz="xs">
              Terms of Service
            </Anchor>{' '}
            and{' '}
            <Anchor component={Link} to="/Privacy" fz="xs">
              Privacy Policy
            </Anchor>
            .
          </Text>
          <AuthSubmit
            busy={registerCall.isPending || welcomed}
            busyLabel={welcomed ? 'Welcome aboard...' : 'Signing up...'}
          >
            Sign Up
          </AuthSubmit>
        </Stack>
      </form>
    </AuthShell>
  );
}
