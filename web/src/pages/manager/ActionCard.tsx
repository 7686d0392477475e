import { Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** One thing a new account can do next: what it is, a line on it, and the button that goes there. */
export interface NextAction {
  title: string;
  text: string;
  action: string;
  to: string;
  icon: Icon;
}

/**
 * A setup card (the Welcome steps, Set Up Employees): its icon, title, text and a full-width link button, filled
 * for the `first` card of its row. `tag` stands beside the icon (e.g. "Step 1").
 */
export function ActionCard({ item, first, tag }: { item: NextAction; first: boolean; tag?: ReactNode }) {
  const icon = (
    <ThemeIcon size={48} radius="md" variant="light">
      <item.icon size={26} />
    </ThemeIcon>
  );
  return (
    <Card withBorder radius="lg" padding="xl">
      <Stack h="100%" gap="md">
        {tag ? (
          <Group justify="space-between">
            {icon}
            {tag}
          </Group>
        ) : (
          icon
        )}
        <Title order={2} fz="lg">
          {item.title}
        </Title>
        <Text c="dimmed" fz="sm" flex={1}>
          {item.text}
        </Text>
        <Button component={Link} to={item.to} variant={first ? 'filled' : 'light'} fullWidth>
          {item.action}
        </Button>
      </Stack>
    </Card>
  );
}
