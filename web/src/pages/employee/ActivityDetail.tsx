import { Anchor, Alert, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { messages } from '@punchclock/contract';
import { Link, useLocation, useSearchParams } from 'react-router';
import { type PunchRow, usePunches } from '../../api/punches';
import { AppPage } from '../../components/AppPage';
import { useSession } from '../../session/session';
import { formatDate } from '../punches/display-format';
import { LockedMark } from '../punches/LockedMark';
import PunchDetails from '../punches/PunchDetails';
import { ownEmployeeRef } from '../punches/punch-values';
import { shownTimes } from './PunchCards';

const SOURCES: Record<string, string> = {
  station: 'Time station',
  web: 'Own login',
  manager: 'Manager',
  manual: 'Typed in by hand',
};

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </div>
  );
}

function Details({ p }: { p: PunchRow }) {
  const t = shownTimes(p);
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="punch-detail">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="lg">
        <Field label="Date">
          <Group gap={4} wrap="nowrap">
            {formatDate(p.date, p.date_format)}
            {p.locked && <LockedMark />}
          </Group>
        </Field>
        <Field label="Time In">{t.in}</Field>
        <Field label="Time Out">
          {p.time_out === null ? (
            <Badge color="green" variant="light">
              Still clocked in
            </Badge>
          ) : (
            t.out
          )}
        </Field>
        <Field label="Hours">{p.hours === null ? '-' : p.hours.toFixed(2)}</Field>
        <Field label="Type">{p.type === 'None' ? 'Work (None)' : p.type}</Field>
        <Field label="Deduction">{p.type === 'None' ? '-' : p.deduction}</Field>
        <Field label="Source">{SOURCES[p.source] ?? p.source}</Field>
        {p.late_sync && <Field label="Synced">Late (sent after it was made)</Field>}
        {p.latitude !== null && p.longitude !== null && (
          <Field label="Location">
            {p.latitude.toFixed(5)}, {p.longitude.toFixed(5)}
          </Field>
        )}
      </SimpleGrid>
      {p.locked && (
        <Text size="sm" c="dimmed" mt="md">
          {messages.punches.lockedHint}
        </Text>
      )}
      {p.notes && (
        <Stack gap={2} mt="lg">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            Notes
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{p.notes}</Text>
        </Stack>
      )}
    </Paper>
  );
}

/**
 * /ActivityDetail: one punch's details, from the navigation state or by `?id=` among the employee's
 * latest punches. A manager arriving with an employee (the punch screens' state) sees that employee's punches.
 */
export default function ActivityDetail() {
  const user = useSession().user;
  const state = useLocation().state as { punch?: PunchRow; employeeId?: number } | null;
  const id = Number(useSearchParams()[0].get('id') ?? 0);
  const employee = user?.user_type === 'employee';
  const punches = usePunches(employee && !state?.punch ? ownEmployeeRef() : 0);
  if (!employee && !state?.punch) return <PunchDetails />;
  const punch = state?.punch ?? punches.data?.find((p) => p.id === id);
  return (
    <AppPage title="Punch Details">
      <Stack>
        {punch ? (
          <Details p={punch} />
        ) : punches.isFetching ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        ) : (
          <Alert color="yellow">{messages.punches.dataNotFound}</Alert>
        )}
        <Anchor component={Link} to={employee ? '/Activity' : '/Employee'}>
          {employee ? 'Back to your activity' : 'Back to the employees'}
        </Anchor>
      </Stack>
    </AppPage>
  );
}
