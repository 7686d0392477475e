import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  employeeScheduleBody,
  NO_SCHEDULE,
  SCHEDULE_WEEKDAYS,
  type ScheduleDays,
  type ScheduleSaved,
  type ScheduleWeekday,
} from '@punchclock/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { useSaveDepartmentSchedule, useSchedules } from '../../api/schedules';
import { schemaErrors } from '../../forms/validation';
import { ScrollTable } from '../../components/ScrollTable';

interface DayRow {
  off: boolean;
  start: string;
  end: string;
}
type Rows = Record<ScheduleWeekday, DayRow>;

const rowsOf = (days: ScheduleDays): Rows =>
  Object.fromEntries(
    SCHEDULE_WEEKDAYS.map((d) => [
      d,
      days[d] ? { off: false, ...days[d] } : { off: true, start: '', end: '' },
    ]),
  ) as Rows;
const daysOf = (rows: Rows): ScheduleDays =>
  Object.fromEntries(
    SCHEDULE_WEEKDAYS.map((d) => [d, rows[d].off ? null : { start: rows[d].start, end: rows[d].end }]),
  ) as ScheduleDays;

/** The week shown when a weekday row is turned on: the usual office day. */
const DEFAULT_DAY = { start: '09:00', end: '17:00' };

/** What a schedule form saves through: a department's or an employee's own week. */
export interface ScheduleSave {
  mutate: (days: ScheduleDays) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  data?: ScheduleSaved;
  error: unknown;
}

/**
 * A week of expected start and end times (docs/RULES.md#schedules): a row per weekday with its start and end, or
 * a day off. The contract's schema checks it before saving, so each field shows the very sentence the server
 * would answer.
 */
export function ScheduleForm({ initial, save }: { initial: ScheduleDays; save: ScheduleSave }) {
  const [rows, setRows] = useState<Rows>(() => rowsOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (day: ScheduleWeekday, change: Partial<DayRow>) =>
    setRows((r) => ({ ...r, [day]: { ...r[day], ...change } }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const days = daysOf(rows);
    const found = schemaErrors(employeeScheduleBody, { days });
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(days);
  };
  const error = (day: ScheduleWeekday, field: 'start' | 'end') =>
    errors[`days.${day}.${field}`] ?? (field === 'end' ? errors[`days.${day}`] : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <ScrollTable minWidth={480} columns={['Day', 'Start', 'End', 'Day off']}>
        {SCHEDULE_WEEKDAYS.map((day) => (
          <Table.Tr key={day}>
            <Table.Td>{day}</Table.Td>
            {(['start', 'end'] as const).map((field) => (
              <Table.Td key={field}>
                <TextInput
                  type="time"
                  aria-label={`${day} ${field}`}
                  value={rows[day][field]}
                  disabled={rows[day].off}
                  error={error(day, field)}
                  onChange={(e) => set(day, { [field]: e.currentTarget.value })}
                />
              </Table.Td>
            ))}
            <Table.Td>
              <Checkbox
                aria-label={`${day} off`}
                checked={rows[day].off}
                onChange={(e) => {
                  const off = e.currentTarget.checked;
                  set(day, off ? { off } : { off, ...(rows[day].start ? {} : DEFAULT_DAY) });
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
      <Group mt="md">
        <Button type="submit" loading={save.isPending}>
          Save
        </Button>
        {save.isSuccess && save.data && <Text c="teal">{save.data.message}</Text>}
      </Group>
      {save.isError && (
        <Alert color="red" mt="sm">
          {messageOf(save.error, 'The schedule was not saved.')}
        </Alert>
      )}
    </form>
  );
}

/** The "Schedule" card of a department's page: its expected start and end each weekday. */
export function ScheduleCard({ departmentId }: { departmentId: number }) {
  const schedules = useSchedules();
  const own = schedules.data?.departments?.find((d) => d.department_id === departmentId);
  const saving = useSaveDepartmentSchedule();
  const save = {
    ...saving,
    mutate: (days: ScheduleDays) => saving.mutate({ department_id: departmentId, days }),
  };
  return (
    <Paper withBorder radius="md" p="lg" mb="lg">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Schedule
        </Title>
        <Text c="dimmed" fz="sm">
          Late arrivals, early departures and absences are read against it. A schedule over midnight is not
          taken: end at 23:59 and start the next day at 00:00.
        </Text>
        {schedules.isSuccess && (
          <ScheduleForm initial={(own?.days as ScheduleDays) ?? NO_SCHEDULE} save={save} />
        )}
      </Stack>
    </Paper>
  );
}
