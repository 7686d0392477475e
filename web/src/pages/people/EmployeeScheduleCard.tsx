import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { NO_SCHEDULE, type ScheduleDays } from '@punchclock/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import type { EmployeeView } from '../../api/people';
import { useSaveEmployeeSchedule, useSchedules } from '../../api/schedules';
import { openConfirm } from '../../components/confirm';
import { ScheduleForm } from '../departments/ScheduleCard';

/**
 * The "Schedule" card of an employee's page (docs/RULES.md#schedules): whether they follow their department's week
 * or have their own, which late arrivals, early departures and absences are read against. Their own week starts
 * as a copy of the department's; going back to the department's asks first, since it drops their own.
 */
export function EmployeeScheduleCard({ employee }: { employee: EmployeeView }) {
  const schedules = useSchedules();
  const save = useSaveEmployeeSchedule(employee.id);
  const [editing, setEditing] = useState(false);
  const own = schedules.data?.employees?.find((e) => e.employee_ref === employee.id);
  const department = schedules.data?.departments?.find((d) => d.department_id === employee.department_id);
  const form = {
    ...save,
    mutate: (days: ScheduleDays) => save.mutate({ days }, { onSuccess: () => setEditing(false) }),
  };
  const follow = () =>
    openConfirm({
      title: 'Follow the department’s schedule?',
      children: (
        <Text size="sm">{employee.name}’s own week is removed; their department’s applies again.</Text>
      ),
      labels: { confirm: 'Follow the department', cancel: 'Keep their own' },
      onConfirm: () => save.mutate({ days: null }),
    });

  return (
    <Paper withBorder p="md" data-testid="employee-schedule">
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Schedule
        </Title>
        {schedules.isLoading && <Loader size="sm" />}
        {schedules.isError && (
          <Alert color="red">{messageOf(schedules.error, 'The schedules could not be loaded.')}</Alert>
        )}
        {schedules.isSuccess && !own && !editing && (
          <Group justify="space-between" wrap="wrap">
            <Text fz="sm">
              {department
                ? 'Follows the department’s schedule.'
                : 'No schedule: the department has none, so nobody is late or absent.'}
            </Text>
            <Button variant="light" size="xs" onClick={() => setEditing(true)}>
              Set an own schedule
            </Button>
          </Group>
        )}
        {schedules.isSuccess && (own || editing) && (
          <>
            <Group justify="space-between" wrap="wrap">
              <Text fz="sm">
                {own
                  ? 'Has an own schedule:'
                  : department
                    ? 'Own schedule, from the department’s:'
                    : 'Own schedule:'}
              </Text>
              {own ? (
                <Button variant="subtle" size="xs" color="red" onClick={follow} loading={save.isPending}>
                  Follow the department’s
                </Button>
              ) : (
                <Button variant="subtle" size="xs" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              )}
            </Group>
            <ScheduleForm
              key={own ? 'own' : 'new'}
              initial={((own ?? department)?.days as ScheduleDays | undefined) ?? NO_SCHEDULE}
              save={form}
            />
          </>
        )}
        {!own && !editing && save.isSuccess && save.data && (
          <Text c="teal" fz="sm">
            {save.data.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
