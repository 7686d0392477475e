import { Alert, Anchor, Badge, Loader, Paper, Table, Text, Title } from '@mantine/core';
import type { PunchConflictsAnswer } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf, request } from '../../api/client';
import { useAccountInstant } from '../../api/settings';

/**
 * Synced punches the server did not apply (the conflict rule): a clock-in while already in, a
 * clock-out with no open shift, a device clock far off. Nothing is dropped silently; the manager
 * sees each here and fixes the employee's time with a manual punch.
 */
export function PunchIssues() {
  const issues = useQuery({
    queryKey: ['punch-conflicts'],
    queryFn: () => request<PunchConflictsAnswer>('/api/punch-conflicts').then((a) => a.data),
  });
  // Times on the account's clock and in its formats; shown once the settings are known, so they never jump.
  const { when, loading } = useAccountInstant();
  return (
    <Paper withBorder p="md" mt="xl">
      <Title order={2} fz="lg" mb={4}>
        Punches that need attention
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Punches sent by stations that were not applied. Fix the employee's time with a manual punch.
      </Text>
      {(issues.isLoading || loading) && <Loader size="sm" />}
      {issues.isError && (
        <Alert color="red">{messageOf(issues.error, 'Failed to load the punch conflicts.')}</Alert>
      )}
      {issues.data?.length === 0 && <Text size="sm">No conflicts: every synced punch was applied.</Text>}
      {!!issues.data?.length && !loading && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="punch-issues">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Received</Table.Th>
                <Table.Th>Employee</Table.Th>
                <Table.Th>Punch</Table.Th>
                <Table.Th>Punched at</Table.Th>
                <Table.Th>Station</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {issues.data.map((i) => (
                <Table.Tr key={i.id}>
                  <Table.Td>{when(i.at)}</Table.Td>
                  <Table.Td>
                    {i.employee_ref ? (
                      <Anchor component={Link} to={`/ManualPunch/${i.employee_ref}`}>
                        {i.employee_name} ({i.employee_id})
                      </Anchor>
                    ) : (
                      (i.employee_id ?? 'Unknown')
                    )}
                  </Table.Td>
                  <Table.Td>{i.kind === 'in' ? 'Clock in' : i.kind === 'out' ? 'Clock out' : '-'}</Table.Td>
                  <Table.Td>{when(i.device_time)}</Table.Td>
                  <Table.Td>{i.station ?? '-'}</Table.Td>
                  <Table.Td>
                    <Badge color={i.status === 'conflict' ? 'orange' : 'red'} variant="light" mr="xs">
                      {i.status === 'conflict' ? 'Conflict' : 'Refused'}
                    </Badge>
                    {i.reason}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
