import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

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
