import { Box, Container, Group, Paper, type PaperProps, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface AppPageProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right of the title. */
  actions?: ReactNode;
  /**
   * How wide the content may grow inside the frame: 'md' for a form or a profile (a readable line, kept to
   * the left), 'lg' and 'xl' the frame's whole width. The frame itself never changes (see below).
   */
  size?: 'md' | 'lg' | 'xl';
  children: ReactNode;
}

/** The content width of a 'md' page: forms and cards keep a readable line. */
const NARROW = 760;

/**
 * The frame of a screen inside the signed-in areas: a heading row, then the content. One rule for every
 * signed-in page: the frame is the top bar's width (Container size "xl", up to 1320 px), so the title sits
 * under the logo on every page and nothing jumps between pages; a narrow page keeps its content to the left
 * of that frame rather than centring a smaller one.
 */
export function AppPage({ title, description, actions, size = 'lg', children }: AppPageProps) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          {description && <Text c="dimmed">{description}</Text>}
        </Stack>
        {actions}
      </Group>
      {size === 'md' ? <Box maw={NARROW}>{children}</Box> : children}
    </Container>
  );
}

/** The white card that holds a screen's content on the grey app background (forms, profiles, set-up). */
export function PageCard({ children, ...rest }: PaperProps & { children: ReactNode; component?: 'section' }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} {...rest}>
      {children}
    </Paper>
  );
}

/** A narrow screen that is one card: a form, or one thing to show. */
export function CardPage({
  title,
  description,
  children,
}: Pick<AppPageProps, 'title' | 'description' | 'children'>) {
  return (
    <AppPage title={title} description={description} size="md">
      <PageCard>{children}</PageCard>
    </AppPage>
  );
}
