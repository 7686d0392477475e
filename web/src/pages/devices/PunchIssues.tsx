import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Table, Text, Title } from '@mantine/core';
import { messages, type PunchIssue } from '@punchclock/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../../api/client';
import { fetchPunchIssues, fixPunchIssue } from '../../api/punch-issues';
import { useAccountInstant } from '../../api/settings';
import { notifyError, notifySuccess } from '../../components/notify';
import { AcceptPunchModal, punchKindLabel } from './AcceptPunchModal';
import { ForgottenAnswers } from './ForgottenAnswers';
import { ForgottenShifts } from './ForgottenShifts';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * Synced punches the server did not apply (the conflict rule): a clock-in while already in, a
 * clock-out with no open shift, a device clock far off. Nothing is dropped silently; the manager
 * sees each here and accepts it (at its time or a corrected one), or fixes the employee's time with a manual
 * punch and marks it fixed.
 */
export function PunchIssues() {
  // Newest first, 200 a page: Show older reaches every one (a week offline can bring a thousand).
  const pages = useInfiniteQuery({
    queryKey: ['punch-conflicts'],
    queryFn: ({ pageParam }) => fetchPunchIssues(pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before,
  });
  const issues = { ...pages, data: pages.data?.pages.flatMap((p) => p.data) };
  // Times on the account's clock and in its formats; shown once the settings are known, so they never jump.
  const { when, loading } = useAccountInstant();
  const queryClient = useQueryClient();
  // Once the employee's time is right (or nothing needed doing), the punch leaves the list.
  const fix = useMutation({
    mutationFn: fixPunchIssue,
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['punch-conflicts'] });
    },
    onError: (e) => notifyError(messageOf(e, messages.general.serverError)),
  });
  const [accepting, setAccepting] = useState<PunchIssue | null>(null);
  return (
    <Paper withBorder p="md" mt="xl">
      <Title order={2} fz="lg" mb={4}>
        Punches that need attention
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Punches sent by stations that were not applied. Accept one to apply it (its time can be corrected), or
        fix the employee's time with a manual punch, then mark the punch as fixed.
      </Text>
      {(issues.isLoading || loading) && <Loader size="sm" />}
      {issues.isError && (
        <Alert color="red">{messageOf(issues.error, 'Failed to load the punch conflicts.')}</Alert>
      )}
      {issues.data?.length === 0 && (
        <Text size="sm">Nothing needs attention: every synced punch was applied or marked fixed.</Text>
      )}
      {!!issues.data?.length && !loading && (
        <ScrollTable
          minWidth={860}
          striped
          data-testid="punch-issues"
          columns={[
            'Received',
            'Employee',
            'Punch',
            'Punched at',
            'Station',
            'Why',
            { label: null, 'aria-label': 'Actions' },
          ]}
        >
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
              <Table.Td>{punchKindLabel(i.kind)}</Table.Td>
              <Table.Td>{when(i.time)}</Table.Td>
              <Table.Td>{i.station ?? '-'}</Table.Td>
              <Table.Td>
                <Badge color={i.status === 'conflict' ? 'orange' : 'red'} variant="light" mr="xs">
                  {i.status === 'conflict' ? 'Conflict' : 'Refused'}
                </Badge>
                {i.reason}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {/*
                   * Only a clock-in or clock-out whose employee is known can be applied; the others (a break's
                   * start or end, an unknown employee) are entered by hand, then marked fixed.
                   */}
                  {i.employee_ref !== null && (i.kind === 'in' || i.kind === 'out') && (
                    <Button
                      size="xs"
                      onClick={() => setAccepting(i)}
                      // Starts with the visible word, so a voice user saying "Accept" reaches it (WCAG 2.5.3).
                      aria-label={`Accept: the ${i.employee_name ?? i.employee_id} punch of ${when(i.time)}`}
                    >
                      Accept
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    loading={fix.isPending && fix.variables === i.id}
                    onClick={() => fix.mutate(i.id)}
                    // Starts with the visible words, so a voice user saying "Mark fixed" reaches it (WCAG 2.5.3).
                    aria-label={`Mark fixed: the ${i.employee_name ?? i.employee_id ?? 'unknown'} punch of ${when(i.time)}`}
                  >
                    Mark fixed
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
      {pages.hasNextPage && !loading && (
        <Button
          variant="light"
          size="xs"
          mt="sm"
          loading={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Show older
        </Button>
      )}
      <ForgottenShifts />
      <ForgottenAnswers />
      <AcceptPunchModal issue={accepting} onClose={() => setAccepting(null)} />
    </Paper>
  );
}
