import { Box, Center, Paper, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { SubmitButton } from '../../components/SubmitButton';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
  /** Under the card: links to the neighbouring auth screens. */
  footer?: ReactNode;
}

/** The centred card that the login, sign-up and password screens share. */
export function AuthShell({ title, subtitle, width = 440, children, footer }: AuthShellProps) {
  return (
    // At least the screen's height under the top bar, as the loader before it: the footer stays
    // below the fold instead of rising into view when the form arrives (a layout shift).
    <Box
      flex={1}
      mih="calc(100dvh - 64px)"
      py={{ base: 'lg', sm: 56 }}
      px="md"
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-indigo-0) 0%, var(--mantine-color-body) 70%)',
      }}
    >
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Stack gap={6} ta="center">
            <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" fz="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            {children}
          </Paper>
          {footer && (
            <Text ta="center" fz="sm" c="dimmed">
              {footer}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}

/** The Email field of the login and password screens, filled by the browser's e-mail autofill. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      autoComplete="email"
      required
      placeholder="you@company.com"
      {...props}
    />
  );
}

/** An auth form's submit button, as wide as the card. */
export function AuthSubmit(props: ComponentProps<typeof SubmitButton>) {
  return <SubmitButton fullWidth size="md" {...props} />;
}
