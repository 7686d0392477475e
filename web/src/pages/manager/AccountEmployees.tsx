import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppPage } from '../../components/AppPage';
import { ActionCard, type NextAction } from './ActionCard';

const CHOICES: NextAction[] = [
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
          <ActionCard key={c.to} item={c} first={i === 0} />
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
