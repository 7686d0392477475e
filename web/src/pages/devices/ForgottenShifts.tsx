import { Button, Table, Text, Title } from '@mantine/core';
import { elapsedHoursText, forgottenAfterText } from '@punchclock/contract';
import { Link } from 'react-router';
import { useDashboard } from '../../api/dashboard';
import { useAccountInstant } from '../../api/settings';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * Shifts still open after the account's forgotten_after_minutes (docs/RULES.md#pay-periods), beside the synced
 * punches that need a manager: each with Fix, which opens its clock-out in the employee's punch list. An open
 * shift is never paid, and it holds its pay period's approval back until it is fixed. Read from the dashboard's
 * answer (the same list as its tile); nothing is shown to a caller who cannot read it.
 */
export function ForgottenShifts() {
  const dashboard = useDashboard();
  const { when } = useAccountInstant();
  const data = dashboard.data;
  if (!data) return null;
  const list = data.forgotten_clock_outs;
  return (
    <div data-testid="forgotten-shifts">
      <Title order={3} fz="md" mt="lg" mb={4}>
        Forgotten clock-outs
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Shifts still open after {forgottenAfterText(data.forgotten_after_minutes)}. They are not paid until
        their clock-out is entered.
      </Text>
      {list.length === 0 ? (
        <Text size="sm">
          None: every open shift began less than {forgottenAfterText(data.forgotten_after_minutes)} ago.
        </Text>
      ) : (
        <ScrollTable
          minWidth={560}
          striped
          columns={['Employee', 'Department', 'In since', { label: null, 'aria-label': 'Actions' }]}
        >
          {list.map((s) => (
            <Table.Tr key={s.employee_ref}>
              <Table.Td>
                {s.name} ({s.employee_id})
              </Table.Td>
              <Table.Td>{s.department}</Table.Td>
              <Table.Td>
                {when(s.since)} ({elapsedHoursText(s.since)})
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={s.fix_path}
                  size="xs"
                  variant="light"
                  aria-label={`Fix ${s.name}'s clock-out`}
                >
                  Fix
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </div>
  );
}
