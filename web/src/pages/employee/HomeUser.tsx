import { Badge, Button, Grid, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { IconClockPause, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';

const COLUMNS = ['Date', 'Time In', 'Time Out', 'Hours', 'Type'];

function CurrentStatus() {
  return (
    <Paper withBorder radius="lg" p="xl" h="100%">
      <Title order={2} fz="lg" mb="md">
        Current Status
      </Title>
      <Group gap="md" wrap="nowrap">
        <ThemeIcon size={52} radius="xl" variant="light" color="gray">
          <IconClockPause size={28} />
        </ThemeIcon>
        <Stack gap={4}>
          <Badge color="gray" variant="light" w="fit-content">
            Not clocked in
          </Badge>
          <Text fz="sm" c="dimmed">
            No punches recorded yet.
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function RecentActivity() {
  return (
    <Paper withBorder radius="lg" p="xl">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Recent Activity
        </Title>
        <Button component={Link} to="/ManualUserPunch" size="xs" variant="light" leftSection={<IconPlus size={14} />}>
          Create Manual Punch
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((c) => (
                <Table.Th key={c}>{c}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length} py="xl" ta="center" c="dimmed">
                {messages.punches.noActivity}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The employee's dashboard (spec §2.2 /HomeUser); punches arrive with the time-tracking work. */
export default function HomeUser() {
  const { username } = useSession();
  return (
    <AppPage title={`Hello, ${username || 'Guest'}`} description="Your time at a glance.">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CurrentStatus />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecentActivity />
        </Grid.Col>
      </Grid>
    </AppPage>
  );
}
