import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppPageProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** The frame of a screen inside the signed-in areas: a heading row, then the content. */
export function AppPage({ title, description, actions, size = 'lg', children }: AppPageProps) {
  return (
    <Container size={size} py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions}
      </Group>
      {children}
    </Container>
  );
}
