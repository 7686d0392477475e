import { Alert, Badge, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { DATE_FORMATS, hoursText, messages, TIME_FORMATS } from '@punchclock/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth';
import { messageOf } from '../../api/client';
import { type OwnPayPeriod, useConfirmPeriod, useMyPayPeriods } from '../../api/confirmations';
import { notifySuccess } from '../../components/notify';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDate, formatTime, wallClock } from '../punches/display-format';
import { LockedMark } from '../punches/LockedMark';
import { confirmedWhen } from '../pay-periods/Confirmations';

/**
 * "My timesheet" on the employee's home page (docs/RULES.md#pay-periods, "Timesheet confirmations"), when the
 * account asks for confirmations: the last or the current pay period with its punches (date, in, out, hours, as
 * the employee's Activity report lists them) and Confirm timesheet. An approved period shows a lock.
 */
export function TimesheetCard() {
  const mine = useMyPayPeriods();
  const user = useCurrentUser();
  const confirm = useConfirmPeriod();
  // The last period first: the one to confirm once it has ended.
  const [which, setWhich] = useState<'last' | 'current'>('last');
  if (mine.isPending) return null;
  if (mine.isError || !mine.data.employees_confirm) return null;
  const [current, last] = mine.data.data;
  const p: OwnPayPeriod | undefined = which === 'last' ? last : current;
  if (!p) return null;
  const formats = {
    date_format: user.data?.date_format ?? DATE_FORMATS[0],
    time_format: user.data?.time_format ?? TIME_FORMATS[0],
  };
  const zone = user.data?.time_zone;
  const time = (iso: string | null) => {
    const w = iso ? wallClock(iso, zone) : null;
    return w ? formatTime(w.time, formats.time_format) : '-';
  };
  const day = (d: string) => formatDate(d, formats.date_format);
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="timesheet-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <div>
          <Title order={2} fz="lg">
            {messages.confirmations.cardTitle}
          </Title>
          <Group gap={6}>
            <Text fz="sm" c="dimmed">
              {day(p.start_date)} – {day(p.end_date)}
            </Text>
            {p.status === 'approved' && (
              <Badge color="green" variant="light" leftSection={<LockedMark size={12} />}>
                Approved
              </Badge>
            )}
          </Group>
        </div>
        <Group gap={4} role="group" aria-label="Pay period">
          {(
            [
              ['last', 'Last period'],
              ['current', 'This period'],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              size="xs"
              variant={which === value ? 'filled' : 'default'}
              aria-pressed={which === value}
              onClick={() => setWhich(value)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
      {p.punches.length === 0 ? (
        <Text c="dimmed" fz="sm" py="sm">
          {messages.confirmations.noDays}
        </Text>
      ) : (
        <ScrollTable minWidth={420} columns={['Date', 'Type', 'Time In', 'Time Out', 'Hours']} striped>
          {p.punches.map((x, i) => (
            <Table.Tr key={`${x.date}-${x.time_in ?? i}`}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {day(x.date)}
                  {p.status === 'approved' && <LockedMark />}
                </Group>
              </Table.Td>
              <Table.Td>{x.type === 'None' ? 'Work' : x.type}</Table.Td>
              <Table.Td>{time(x.time_in)}</Table.Td>
              <Table.Td>{time(x.time_out)}</Table.Td>
              <Table.Td>{x.minutes === null ? '-' : hoursText(x.minutes)}</Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      <Group justify="space-between" mt="md">
        <Text fw={600} data-testid="timesheet-total">
          Total worked: {hoursText(p.worked_minutes)} h
        </Text>
        {p.confirmed_at ? (
          <Group gap={6} c="teal">
            <IconCircleCheck size={18} aria-hidden />
            <Text fz="sm">{messages.confirmations.confirmedOn(confirmedWhen(p.confirmed_at))}</Text>
          </Group>
        ) : (
          <Button
            loading={confirm.isPending}
            onClick={() =>
              confirm.mutate({ start_date: p.start_date }, { onSuccess: (r) => notifySuccess(r.message) })
            }
          >
            {messages.confirmations.confirmButton}
          </Button>
        )}
      </Group>
      {confirm.error && (
        <Alert color="red" role="alert" mt="sm">
          {messageOf(confirm.error, 'Could not confirm the timesheet.')}
        </Alert>
      )}
    </Paper>
  );
}
