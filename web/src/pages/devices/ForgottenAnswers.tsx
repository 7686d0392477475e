import { Button, Group, Table, Text, Title } from '@mantine/core';
import { fixClockOutPath, messages } from '@punchclock/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { messageOf } from '../../api/client';
import { decideForgottenAnswer, fetchForgottenAnswers } from '../../api/forgotten';
import { useAccountInstant } from '../../api/settings';
import { notifyError, notifySuccess } from '../../components/notify';
import { ScrollTable } from '../../components/ScrollTable';

/**
 * Employees' answers to the station's question about a forgotten clock-out (docs/RULES.md#forgotten-clock-outs):
 * the shift was set aside (0 minutes) at their next punch; Accept ends it at the time they gave, through the punch
 * rules, Dismiss leaves it for Fix by hand. Nothing is shown while there are none, or to a caller who cannot read
 * them.
 */
export function ForgottenAnswers() {
  const answers = useQuery({ queryKey: ['forgotten-answers'], queryFn: fetchForgottenAnswers, retry: false });
  const { when } = useAccountInstant();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (v: { id: number; decision: 'accept' | 'dismiss' }) =>
      decideForgottenAnswer(v.id, v.decision),
    onSuccess: (answer) => {
      notifySuccess(answer.message);
      void queryClient.invalidateQueries({ queryKey: ['forgotten-answers'] });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (e) => notifyError(messageOf(e, messages.general.serverError)),
  });
  const list = answers.data?.data ?? [];
  if (!list.length) return null;
  return (
    <div data-testid="forgotten-answers">
      <Title order={3} fz="md" mt="lg" mb={4}>
        Answers about forgotten clock-outs
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Employees said at a station when they left. Until a manager accepts, the shift counts 0 minutes.
      </Text>
      <ScrollTable
        minWidth={720}
        striped
        columns={['Employee', 'Clocked in', 'Says they left', { label: null, 'aria-label': 'Actions' }]}
      >
        {list.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              {a.employee_name} ({a.employee_id})
            </Table.Td>
            <Table.Td>{when(a.time_in)}</Table.Td>
            <Table.Td>{a.left_at ? when(a.left_at) : 'Skipped the question'}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {a.left_at && (
                  <Button
                    size="xs"
                    aria-label={`Accept ${a.employee_name}'s clock-out`}
                    loading={decide.isPending && decide.variables?.id === a.id}
                    onClick={() => decide.mutate({ id: a.id, decision: 'accept' })}
                  >
                    Accept
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Dismiss ${a.employee_name}'s answer`}
                  onClick={() => decide.mutate({ id: a.id, decision: 'dismiss' })}
                >
                  Dismiss
                </Button>
                <Button
                  component={Link}
                  to={fixClockOutPath(a.employee_ref, a.punch_id)}
                  size="xs"
                  variant="light"
                  aria-label={`Fix ${a.employee_name}'s clock-out`}
                >
                  Fix
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </ScrollTable>
    </div>
  );
}
