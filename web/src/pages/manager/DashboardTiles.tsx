import { DATE_FORMATS, elapsedHoursText, forgottenAfterText, hoursText } from '@punchclock/contract';
import {
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconChartBar,
  IconClockExclamation,
  IconFingerprint,
  IconUserExclamation,
  IconUsers,
  IconWifiOff,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useScopedAdministrator } from '../../api/auth';
import type { DashboardAnswer } from '../../api/dashboard';
import { useAccountInstant, useSettings } from '../../api/settings';
import { formatDate } from '../punches/display-format';

// The chart library is loaded only when there is something to chart (not for the setup steps).
const HoursChart = lazy(() => import('./HoursChart'));

const report = (name: string) => `/RunReport?report=${encodeURIComponent(name)}`;

interface TileProps {
  title: string;
  icon: Icon;
  color?: string;
  /** The report (or screen) behind the tile, when the caller may open it. */
  link?: { to: string; label: string };
  testId: string;
  children: ReactNode;
}

function Tile({ title, icon: TileIcon, color, link, testId, children }: TileProps) {
  return (
    <Paper withBorder radius="lg" p="lg" h="100%" data-testid={testId}>
      <Stack h="100%" gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Title order={2} fz="md">
            {title}
          </Title>
          <ThemeIcon variant="light" radius="md" size={36} color={color}>
            <TileIcon size={20} />
          </ThemeIcon>
        </Group>
        <Stack gap="xs" flex={1}>
          {children}
        </Stack>
        {link && (
          <Anchor component={Link} to={link.to} fz="sm">
            {link.label} →
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

function BigNumber({ value, caption }: { value: number; caption: string }) {
  return (
    <div>
      <Text fz={36} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text c="dimmed" fz="sm">
        {caption}
      </Text>
    </div>
  );
}

/** One employee in a tile's list: the name and a line under it, with what the tile adds at the right. */
function PersonLine({ name, caption, children }: { name: string; caption: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text fz="sm" fw={500} truncate>
          {name}
        </Text>
        <Text fz="xs" c="dimmed">
          {caption}
        </Text>
      </div>
      {children}
    </Group>
  );
}

function WhoIsIn({ data, updatedAt }: { data: DashboardAnswer; updatedAt: number }) {
  const { when } = useAccountInstant();
  const shown = data.in_now.slice(0, 8);
  return (
    <Tile
      title="Who is in"
      icon={IconUsers}
      color="green"
      testId="who-is-in"
      link={{ to: report('employee-status'), label: 'Employee status' }}
    >
      <BigNumber
        value={data.in_now.length}
        caption={`of ${data.employee_count} ${data.employee_count === 1 ? 'employee' : 'employees'} clocked in`}
      />
      {shown.length > 0 && (
        <Stack gap={6} mt={4}>
          {shown.map((s) => (
            <PersonLine
              key={s.employee_ref}
              name={s.name}
              caption={`${s.department ?? 'No department'} · since ${when(s.since)}`}
            >
              <Badge variant="light" color="green" tt="none" style={{ flexShrink: 0 }}>
                {elapsedHoursText(s.since)}
              </Badge>
            </PersonLine>
          ))}
          {data.in_now.length > shown.length && (
            <Text fz="xs" c="dimmed">
              and {data.in_now.length - shown.length} more
            </Text>
          )}
        </Stack>
      )}
      <Text fz="xs" c="dimmed" mt="auto">
        {/* On the account's clock and in its formats, as the times above (not the browser's zone and locale). */}
        Updates every 30 seconds · last at {when(new Date(updatedAt).toISOString())}
      </Text>
    </Tile>
  );
}

function ForgottenClockOuts({ data }: { data: DashboardAnswer }) {
  const { when } = useAccountInstant();
  const list = data.forgotten_clock_outs;
  // The account's own limit (Pay Periods settings); 12 hours unless changed.
  const after = forgottenAfterText(data.forgotten_after_minutes);
  return (
    <Tile
      title="Forgotten clock-outs"
      icon={IconClockExclamation}
      color={list.length ? 'orange' : 'gray'}
      testId="forgotten-clock-outs"
      link={{ to: report('Daily Summary'), label: 'Daily Summary' }}
    >
      <Text c="dimmed" fz="sm">
        Shifts still open after {after}.
      </Text>
      {list.length === 0 ? (
        <Text fz="sm">None — everyone who clocked in has clocked out within {after}.</Text>
      ) : (
        <Stack gap="xs">
          {list.map((s) => (
            <PersonLine
              key={s.employee_ref}
              name={s.name}
              caption={`In since ${when(s.since)} (${elapsedHoursText(s.since)})`}
            >
              <Button
                component={Link}
                to={s.fix_path}
                size="xs"
                variant="light"
                color="orange"
                aria-label={`Fix ${s.name}'s clock-out`}
                style={{ flexShrink: 0 }}
              >
                Fix
              </Button>
            </PersonLine>
          ))}
        </Stack>
      )}
    </Tile>
  );
}

function HoursThisWeek({ data }: { data: DashboardAnswer }) {
  const settings = useSettings();
  const total = data.hours_by_department.reduce((n, d) => n + d.paid_minutes, 0);
  return (
    <Tile
      title="Hours this week by department"
      icon={IconChartBar}
      testId="hours-this-week"
      link={{ to: report('Payroll Summary'), label: 'Payroll Summary' }}
    >
      <Text c="dimmed" fz="sm">
        Paid hours since {formatDate(data.week_start, settings.data?.date_format ?? DATE_FORMATS[0])}:{' '}
        {hoursText(total)}
      </Text>
      {data.hours_by_department.length === 0 ? (
        <Text fz="sm">No departments in reports yet.</Text>
      ) : (
        <Suspense fallback={<Skeleton h={140} />}>
          <HoursChart data={data.hours_by_department} />
        </Suspense>
      )}
    </Tile>
  );
}

/** The small tiles: one count of today each; a `warn` tile turns orange while its count is not zero. */
const countTiles = (scoped: boolean) => [
  {
    title: "Today's punches",
    icon: IconFingerprint,
    testId: 'punches-today',
    link: { to: report('Daily Summary'), label: 'Daily Summary' },
    count: (d: DashboardAnswer) => d.punches_today,
    caption: 'started today',
    warn: false,
  },
  {
    title: 'Late arrivals',
    icon: IconUserExclamation,
    testId: 'late-arrivals',
    link: { to: report('Late and Absent'), label: 'Late and Absent' },
    count: (d: DashboardAnswer) => d.late_arrivals_today,
    caption: 'in after their scheduled start today',
    warn: true,
  },
  {
    title: 'Late syncs',
    icon: IconWifiOff,
    testId: 'late-syncs',
    // Stations are account setup: an administrator of chosen departments does not manage them.
    link: scoped ? undefined : { to: '/Device', label: 'Stations' },
    count: (d: DashboardAnswer) => d.late_syncs_today,
    caption: 'punches synced late today',
    warn: true,
  },
];

/** The day at a glance: who is in, punches, late arrivals and late syncs today, forgotten clock-outs, hours this week. */
export function Dashboard({ data, updatedAt }: { data: DashboardAnswer; updatedAt: number }) {
  const scoped = useScopedAdministrator();
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <WhoIsIn data={data} updatedAt={updatedAt} />
      </Grid.Col>
      {/* The small tiles stack on a phone: two to a row there broke "Today's punches" inside a word. */}
      {countTiles(scoped).map((t) => (
        <Grid.Col key={t.testId} span={{ base: 12, xs: 6, md: 3 }}>
          <Tile
            title={t.title}
            icon={t.icon}
            color={t.warn ? (t.count(data) ? 'orange' : 'gray') : undefined}
            testId={t.testId}
            link={t.link}
          >
            <BigNumber value={t.count(data)} caption={t.caption} />
          </Tile>
        </Grid.Col>
      ))}
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ForgottenClockOuts data={data} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <HoursThisWeek data={data} />
      </Grid.Col>
    </Grid>
  );
}
