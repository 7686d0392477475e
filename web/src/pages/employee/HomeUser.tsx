import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { hoursText as hours, messages } from '@punchclock/contract';
import { IconClockPause, IconClockPlay, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useOwnPermissions } from '../../api/auth';
import { useGreetingName } from '../../api/dashboard';
import { useWeekHours } from '../../api/earnings';
import { type PunchRow, usePunches } from '../../api/punches';
import { AppPage } from '../../components/AppPage';
import { formatDate, formatTime } from '../punches/display-format';
import { PunchTable } from '../punches/PunchTable';
import { ownEmployeeRef } from '../punches/punch-values';
import { PunchCardList } from './PunchCards';
import { SelfClock } from './SelfClock';
import { TimesheetCard } from './TimesheetCard';

const WeekChart = lazy(() => import('./WeekChart'));
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayLabel = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

/** The line under the status: the open shift, else the last one, in the account's Date Format and Time Format. */
function statusLine(open: PunchRow | undefined, last: PunchRow | undefined): string {
  const p = open ?? last;
  if (!p) return 'No punches recorded yet.';
  const date = formatDate(p.date, p.date_format);
  const time = (t: string | null) => (t === null ? '' : formatTime(t, p.time_format));
  return open
    ? `Since ${time(p.time_in)} on ${date}`
    : `Last shift: ${date} ${time(p.time_in)}–${time(p.time_out)}`;
}

/** Clocked in or not, from the employee's real punches: an open shift is one without a time out. */
function CurrentStatus({ employeeId }: { employeeId: number }) {
  const punches = usePunches(employeeId);
  const open = punches.data?.find((p) => p.time_out === null && p.type === 'None');
  // The last shift is the newest work punch: a Lunch or Break is not a shift.
  const last = punches.data?.find((p) => p.type === 'None') ?? punches.data?.[0];
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
      {/* All nine columns need about 900 px: a table from md up, cards on narrower screens. */}
      <Box visibleFrom="md">
        <PunchTable employeeId={employeeId} canEdit={permissions.edit_time_entries === true} limit={10} />
      </Box>
      <Box hiddenFrom="md">
        <PunchCardList employeeId={employeeId} limit={5} />
      </Box>
      <Button component={Link} to="/ActivityUser" variant="subtle" size="xs" mt="sm">
        See all punches
      </Button>
    </Paper>
  );
}

/** This week's hours by day from the time engine (GET /api/employee-hours), with the week's totals. */
function ThisWeek() {
  const week = useWeekHours();
  return (
    <Paper withBorder radius="lg" p="xl" h="100%" data-testid="this-week">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <div>
          <Title order={2} fz="lg">
            This Week
          </Title>
          {week.data && (
            <Text fz="sm" c="dimmed">
              {dayLabel(week.data.start_date)} – {dayLabel(week.data.end_date)}
            </Text>
          )}
        </div>
        {week.data && (
          <SimpleGrid cols={2} spacing="lg">
            {(
              [
                ['Week total', 'week-total', week.data.totals.worked_minutes],
                ['Paid total', 'week-paid', week.data.totals.paid_minutes],
              ] as const
            ).map(([label, testId, minutes]) => (
              <div key={testId}>
                <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                  {label}
                </Text>
                <Text fw={700} fz="xl" data-testid={testId}>
                  {hours(minutes)} h
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Group>
      {week.isPending ? (
        <Loader size="sm" aria-label="Loading this week" />
      ) : week.isError ? (
        <Text c="red" fz="sm">
          {messages.punches.fetchFailed}
        </Text>
      ) : (
        <Suspense fallback={<Loader size="sm" />}>
          <div role="img" aria-label="Worked and paid hours by day this week" data-testid="week-chart">
            <WeekChart days={week.data.days} />
          </div>
        </Suspense>
      )}
    </Paper>
  );
}

/** The employee's dashboard (/HomeUser): their status, this week's hours and latest punches. */
export default function HomeUser() {
  const name = useGreetingName();
  const employeeId = ownEmployeeRef();
  return (
    <AppPage title={name ? `Hello, ${name}` : 'Hello'} description="Your time at a glance." size="xl">
      {employeeId === 0 ? (
        <Alert color="red" role="alert">
          {messages.punches.noEmployeeIdentifier}
        </Alert>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <CurrentStatus employeeId={employeeId} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ThisWeek />
          </Grid.Col>
          <Grid.Col span={12}>
            <TimesheetCard />
          </Grid.Col>
          <Grid.Col span={12}>
            <RecentActivity employeeId={employeeId} />
          </Grid.Col>
        </Grid>
      )}
    </AppPage>
  );
}
