import { Badge, Button, Grid, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClockPause, IconClockPlay, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useOwnPermissions } from '../../api/auth';
import { useGreetingName } from '../../api/dashboard';
import { type PunchRow, usePunches } from '../../api/punches';
import { AppPage } from '../../components/AppPage';
import { formatDate, formatTime } from '../punches/display-format';
import { PunchTable } from '../punches/PunchTable';
import { ownEmployeeRef } from '../punches/punch-values';
import { SelfClock } from './SelfClock';

/** The line under the status: the open shift, else the last one, in the account's Date Format and Time Format. */
function statusLine(open: PunchRow | undefined, last: PunchRow | undefined): string {
  const p = open ?? last;
  if (!p) return 'No punches recorded yet.';
  const date = formatDate(p.date, p.date_format);
  const time = (t: string | null) => (t === null ? '' : formatTime(t, p.time_format));
  return open
    ? `Since ${time(p.time_in)} on ${date}`
    : `Last shift: ${date}, ${time(p.time_in)}–${time(p.time_out)}`;
}

/** Clocked in or not, from the employee's real punches: an open shift is one without a time out. */
function CurrentStatus({ employeeId }: { employeeId: number }) {
  const punches = usePunches(employeeId);
  const open = punches.data?.find((p) => p.time_out === null);
  const last = punches.data?.[0];
  return (
    <Paper withBorder radius="lg" p="xl" h="100%">
      <Title order={2} fz="lg" mb="md">
        Current Status
      </Title>
      {punches.isPending ? (
        <Loader size="sm" />
      ) : (
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={52} radius="xl" variant="light" color={open ? 'green' : 'gray'}>
            {open ? <IconClockPlay size={28} /> : <IconClockPause size={28} />}
          </ThemeIcon>
          <Stack gap={4}>
            <Badge color={open ? 'green' : 'gray'} variant="light" w="fit-content">
              {open ? 'Clocked in' : 'Not clocked in'}
            </Badge>
            <Text fz="sm" c="dimmed">
              {statusLine(open, last)}
            </Text>
          </Stack>
        </Group>
      )}
      <SelfClock />
    </Paper>
  );
}

function RecentActivity({ employeeId }: { employeeId: number }) {
  const permissions = useOwnPermissions();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Group justify="space-between" mb="md">
        <Title order={2} fz="lg">
          Recent Activity
        </Title>
        {permissions.create_time_entries && (
          <Button
            component={Link}
            to="/ManualUserPunch"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            Create Manual Punch
          </Button>
        )}
      </Group>
      <PunchTable employeeId={employeeId} canEdit={permissions.edit_time_entries === true} limit={10} />
      <Button component={Link} to="/ActivityUser" variant="subtle" size="xs" mt="sm">
        See all punches
      </Button>
    </Paper>
  );
}

/** The employee's dashboard (spec §2.2 /HomeUser): their status and latest punches. */
export default function HomeUser() {
  const name = useGreetingName();
  const employeeId = ownEmployeeRef();
  return (
    <AppPage title={name ? `Hello, ${name}` : 'Hello'} description="Your time at a glance.">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CurrentStatus employeeId={employeeId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecentActivity employeeId={employeeId} />
        </Grid.Col>
      </Grid>
    </AppPage>
  );
}
