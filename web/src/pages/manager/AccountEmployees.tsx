import { Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconUserPlus, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppPage } from '../../components/AppPage';

interface Choice {
  title: string;
  text: string;
  action: string;
  to: string;
  icon: Icon;
}

const CHOICES: Choice[] = [
  {
    title: 'Enter employees one by one',
    text: 'Type each name, department, Employee ID and PIN, and choose whether they punch at stations and log in to the site.',
    action: 'Add an employee',
    to: '/CreateNewEmployee',
    icon: IconUserPlus,
  },
  {
    title: 'Import them from a spreadsheet',
    text: 'Download the template, fill in one row per employee, and upload the .xlsx, .xls or .csv file. You check every row before anything is saved.',
    action: 'Import employees',
    to: '/ImportEmployees',
    icon: IconFileSpreadsheet,
  },
];

/** /Account_Employees: step 1 of the Welcome/setup steps — enter or import employees. */
export default function AccountEmployees() {
  return (
    <AppPage
      title="Set Up Employees"
      size="md"
      description="Step 1 of 3: add the people who will punch in and out. You can always add more later."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {CHOICES.map((c, i) => (
          <Card key={c.to} withBorder radius="lg" padding="xl">
            <Stack h="100%" gap="md">
              <ThemeIcon size={48} radius="md" variant="light">
                <c.icon size={26} />
              </ThemeIcon>
              <Title order={2} fz="lg">
                {c.title}
              </Title>
              <Text c="dimmed" fz="sm" flex={1}>
                {c.text}
              </Text>
              <Button component={Link} to={c.to} variant={i === 0 ? 'filled' : 'light'} fullWidth>
                {c.action}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group justify="center" mt="xl" gap="xs">
        <Text c="dimmed" fz="sm">
          Next:
        </Text>
        <Button component={Link} to="/Employee" variant="subtle" size="compact-sm">
          Print employee cards
        </Button>
        <Button component={Link} to="/DownloadUser" variant="subtle" size="compact-sm">
          Install the app
        </Button>
      </Group>
    </AppPage>
  );
}
