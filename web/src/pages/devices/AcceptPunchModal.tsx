import { Alert, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  acceptPunchIssueBody,
  messages,
  type AcceptPunchIssueBody,
  type PunchIssue,
} from '@punchclock/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageOf } from '../../api/client';
import { acceptPunchIssue } from '../../api/punch-issues';
import { useAccountInstant, useSettings } from '../../api/settings';
import { FormActions } from '../../components/FormActions';
import { notifySuccess } from '../../components/notify';
import { useSingleSubmit } from '../../forms/single-submit';
import { firstErrors, problemErrors, schemaErrors } from '../../forms/validation';
import { wallClock } from '../punches/display-format';
import { todayIn } from '../reports/periods';

export const punchKindLabel = (kind: string | null) =>
  kind === 'in' ? 'Clock in' : kind === 'out' ? 'Clock out' : '-';

/** Accepts a refused punch on the server; the list, the employee's punches and the dashboard then change. */
function useAcceptPunch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AcceptPunchIssueBody }) => acceptPunchIssue(id, body),
    onSuccess: () =>
      Promise.all(
        [['punch-conflicts'], ['punches'], ['dashboard']].map((queryKey) =>
          qc.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/**
 * Accept a punch a station's sync was refused: the employee and the punch as the station sent it, its date and time
 * on the account's clock to keep or correct (the same inputs as the manual punch form), and one button. The server
 * runs every punch rule; its refusal (an overlap, a shift already open…) is shown here and nothing changes.
 */
export function AcceptPunchModal({ issue, onClose }: { issue: PunchIssue | null; onClose: () => void }) {
  return (
    <Modal opened={issue !== null} onClose={onClose} title="Accept punch">
      {issue && <AcceptPunchForm key={issue.id} issue={issue} onDone={onClose} />}
    </Modal>
  );
}

function AcceptPunchForm({ issue, onDone }: { issue: PunchIssue; onDone: () => void }) {
  const zone = useSettings().data?.time_zone;
  const { when } = useAccountInstant();
  const punched = issue.time ? wallClock(issue.time, zone) : null;
  const today = todayIn(zone);
  const accept = useAcceptPunch();
  const once = useSingleSubmit(accept.isPending);
  const form = useForm({
    initialValues: { date: punched?.date ?? today, time: punched?.time ?? '' },
    validate: (v) =>
      firstErrors(
        problemErrors({
          date: v.date ? null : 'Date is required.',
          time: v.time ? null : 'Time is required.',
        }),
        schemaErrors(acceptPunchIssueBody, v),
      ),
  });
  const submit = form.onSubmit((body) =>
    once(() =>
      accept.mutate(
        { id: issue.id, body },
        {
          onSuccess: (a) => {
            notifySuccess(a.message);
            onDone();
          },
        },
      ),
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Table variant="vertical" withTableBorder layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={140}>Employee</Table.Th>
              <Table.Td>
                {issue.employee_name} ({issue.employee_id})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Punch</Table.Th>
              <Table.Td>{punchKindLabel(issue.kind)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Punched at</Table.Th>
              <Table.Td>{when(issue.time)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Station</Table.Th>
              <Table.Td>{issue.station ?? '-'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Why refused</Table.Th>
              <Table.Td>{issue.reason}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed">
          Keep the punched time or correct it. The punch is checked like any other: it may not overlap the
          employee&apos;s other punches.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="date" label="Date" required max={today} {...form.getInputProps('date')} />
          <TextInput type="time" label="Time" required {...form.getInputProps('time')} />
        </SimpleGrid>
        {accept.isError && (
          <Alert color="red" role="alert">
            {messageOf(accept.error, messages.general.serverError)}
          </Alert>
        )}
        <FormActions onCancel={onDone} busy={accept.isPending} submitLabel="Accept punch" />
      </Stack>
    </form>
  );
}
