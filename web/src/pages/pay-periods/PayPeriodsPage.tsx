import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth';
import { ApiError, messageOf } from '../../api/client';
import { type PayPeriod, useApprovePeriod, usePayPeriods, useReopenPeriod } from '../../api/pay-periods';
import { AppPage } from '../../components/AppPage';
import { openConfirm } from '../../components/confirm';
import { notifySuccess } from '../../components/notify';
import { ScrollTable } from '../../components/ScrollTable';
import { todayIn } from '../reports/periods';
import { AdjustmentModal, AdjustmentsCard } from './Adjustments';
import { ConfirmedCell, ConfirmOption } from './Confirmations';
import { PeriodDownload } from './PeriodDownload';

/** How far back the page lists periods, in days. */
const DAYS_BACK = 120;

const daysBefore = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/**
 * /PayPeriods (docs/RULES.md#pay-periods): the account's pay periods of the last months, their status, approval,
 * review marks and checksum; approve an ended period (after a confirm) and reopen an approved one with a reason.
 * The server decides who may: a refusal (a scoped administrator's 403, approval's list of what needs attention)
 * is shown as it answers.
 */
export default function PayPeriodsPage() {
  const user = useCurrentUser();
  const today = todayIn(user.data?.time_zone);
  const periods = usePayPeriods(daysBefore(today, DAYS_BACK), today);
  const approve = useApprovePeriod();
  const reopen = useReopenPeriod();
  const [refusal, setRefusal] = useState<{ message: string; lines: string[] } | null>(null);
  const [reopening, setReopening] = useState<PayPeriod | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [adjusting, setAdjusting] = useState<PayPeriod | null>(null);

  const refused = (e: unknown, fallback: string) =>
    setRefusal({
      message: messageOf(e, fallback),
      lines: e instanceof ApiError ? (e.errors.blockers ?? []) : [],
    });

  const confirmApprove = (p: PayPeriod) =>
    openConfirm({
      title: 'Approve pay period?',
      children: (
        <Text size="sm">
          {p.start_date} to {p.end_date} will be locked: no punch, rate or pay rule in it can change until it
          is reopened.
        </Text>
      ),
      labels: { confirm: 'Approve', cancel: 'Cancel' },
      onConfirm: () => {
        setRefusal(null);
        approve.mutate(
          { start_date: p.start_date },
          {
            onSuccess: (r) => notifySuccess(r.message),
            onError: (e) => refused(e, 'Could not approve the pay period.'),
          },
        );
      },
    });

  const submitReopen = () => {
    if (!reopening) return;
    if (!reason.trim()) {
      setReasonError('Reason is required.');
      return;
    }
    reopen.mutate(
      { start_date: reopening.start_date, reason: reason.trim() },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          setReopening(null);
        },
        onError: (e) => setReasonError(messageOf(e, 'Could not reopen the pay period.')),
      },
    );
  };

  const row = (p: PayPeriod) => (
    <Table.Tr key={p.start_date}>
      <Table.Td>
        {p.start_date} to {p.end_date}
      </Table.Td>
      <Table.Td>
        <Badge color={p.status === 'approved' ? 'green' : 'gray'}>
          {p.status === 'approved' ? 'Approved' : p.ended ? 'Open' : 'In progress'}
        </Badge>
      </Table.Td>
      <Table.Td>{p.approved_by ? `${p.approved_by}, ${p.approved_at?.slice(0, 10)}` : ''}</Table.Td>
      <Table.Td>{p.reviews.map((r) => r.department).join(', ')}</Table.Td>
      <Table.Td>
        <ConfirmedCell confirmations={p.confirmations} />
      </Table.Td>
      <Table.Td>
        {p.checksum ? (
          <Text size="xs" ff="monospace" title={p.checksum}>
            {p.checksum.slice(0, 12)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        {p.status === 'approved' ? (
          <Group gap="xs" wrap="nowrap">
            <PeriodDownload period={p} />
            <Button size="xs" variant="default" onClick={() => setAdjusting(p)}>
              Adjust
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setReason('');
                setReasonError(null);
                setReopening(p);
              }}
            >
              Reopen
            </Button>
          </Group>
        ) : p.ended ? (
          <Group gap="xs" wrap="nowrap">
            <PeriodDownload period={p} />
            <Button size="xs" onClick={() => confirmApprove(p)} loading={approve.isPending}>
              Approve
            </Button>
          </Group>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <AppPage
      title="Pay Periods"
      description="Approve a period once it has ended: its punches, rates and pay rules lock."
    >
      <Stack>
        <ConfirmOption />
        {refusal ? (
          <Alert color="red" role="alert" withCloseButton onClose={() => setRefusal(null)}>
            <Text size="sm">{refusal.message}</Text>
            {refusal.lines.length ? (
              <List size="sm" mt="xs">
                {refusal.lines.map((l) => (
                  <List.Item key={l}>{l}</List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        {periods.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-label="Loading the pay periods" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        ) : periods.isError ? (
          <Alert color="red" role="alert">
            {messageOf(periods.error, 'Failed to load the pay periods.')}
          </Alert>
        ) : (
          <ScrollTable
            minWidth={980}
            columns={['Period', 'Status', 'Approved', 'Reviewed', 'Confirmed', 'Checksum', 'Action']}
            striped
          >
            {[...periods.data.data].reverse().map(row)}
          </ScrollTable>
        )}
        <AdjustmentsCard from={daysBefore(today, DAYS_BACK)} to={today} />
      </Stack>
      <AdjustmentModal period={adjusting} onClose={() => setAdjusting(null)} />
      <Modal opened={reopening !== null} onClose={() => setReopening(null)} title="Reopen pay period">
        <Stack>
          <Text size="sm">
            {reopening?.start_date} to {reopening?.end_date} opens again: its punches can be changed. The
            reason is kept in the activity log.
          </Text>
          <Textarea
            label="Reason"
            required
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setReasonError(null);
            }}
            error={reasonError}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setReopening(null)}>
              Cancel
            </Button>
            <Button onClick={submitReopen} loading={reopen.isPending}>
              Reopen
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AppPage>
  );
}
