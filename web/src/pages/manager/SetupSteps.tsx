import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobile, IconIdBadge2, IconUsersPlus, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface Step {
  title: string;
  text: string;
  action: string;
  to: string;
  icon: Icon;
}

const STEPS: Step[] = [
  {
    title: 'Enter or import employees',
    text: 'Add your team one by one, or import everyone at once from an Excel sheet.',
    action: 'Add employees',
    to: '/Account_Employees',
    icon: IconUsersPlus,
  },
  {
    title: 'Print employee cards',
    text: 'Every employee gets a badge with a personal QR code for fast, contact-free punching.',
    action: 'Print cards',
    to: '/Employee',
    icon: IconIdBadge2,
  },
  {
    title: 'Install the app',
    text: 'Turn a tablet, phone or any browser at the door into a time station. It keeps working offline.',
    action: 'Get the app',
    to: '/Download',
    icon: IconDeviceMobile,
  },
];

/** The three Welcome/setup steps, shown while the account has no employees. */
export function SetupSteps() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" data-testid="setup-steps">
      {STEPS.map((s, i) => (
        <Card key={s.to} withBorder radius="lg" padding="xl">
          <Stack h="100%" gap="md">
            <Group justify="space-between">
              <ThemeIcon size={48} radius="md" variant="light">
                <s.icon size={26} />
              </ThemeIcon>
              <Badge variant="outline" size="lg" radius="sm">
                Step {i + 1}
              </Badge>
            </Group>
            <Title order={2} fz="lg">
              {s.title}
            </Title>
            <Text c="dimmed" fz="sm" flex={1}>
              {s.text}
            </Text>
            <Button component={Link} to={s.to} variant={i === 0 ? 'filled' : 'light'} fullWidth>
              {s.action}
            </Button>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
