import {
  ADJUSTMENT_PAY,
  type AdjustmentPay,
  adjustmentMessages as text,
  hoursText,
  MAX_ADJUSTMENT_MINUTES,
} from '@punchclock/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type Adjustment, useAdjustmentMutations, useAdjustments } from '../../api/adjustments';
import { ApiError, messageOf } from '../../api/client';
import { useMoney } from '../../api/currency';
import type { PayPeriod } from '../../api/pay-periods';
import { useReportEmployees } from '../../api/people';
import { openConfirm } from '../../components/confirm';
import { foldedFilter } from '../../components/folded-filter';
import { notifyError, notifySuccess } from '../../components/notify';
import { ScrollTable } from '../../components/ScrollTable';

interface FormState {
  employee: string | null;
  date: string;
  hours: number | string;
  pay: AdjustmentPay;
  note: string;
}

/**
 * The form of an adjustment of a day of an approved period (docs/RULES.md#adjustments): the employee, the day (in
 * `period`), the hours (negative takes pay back), how they are paid and a note. The server checks everything again
 * and its field messages are shown under the fields.
 */
function AdjustmentForm({ period, onClose }: { period: PayPeriod; onClose: () => void }) {
  const employees = useReportEmployees();
  const { create } = useAdjustmentMutations();
  const [v, setV] = useState<FormState>({
    employee: null,
    date: period.start_date,
    hours: '',
    pay: 'regular',
    note: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const options = useMemo(
    () =>
      (employees.data ?? []).map((e) => ({
        value: String(e.id),
        label: `${e.name} (${e.employee_id})${e.deleted_at ? ' (deleted)' : ''}`,
      })),
    [employees.data],
  );
  const set = (patch: Partial<FormState>) => {
    setV((old) => ({ ...old, ...patch }));
    setErrors({});
  };

  const submit = () => {
    const minutes = Math.round(Number(v.hours) * 60);
    const found: Record<string, string> = {};
    if (!v.employee) found.employee_id = 'Employee is required.';
    if (v.hours === '' || Number.isNaN(minutes) || minutes === 0) found.minutes = text.zero;
    else if (Math.abs(minutes) > MAX_ADJUSTMENT_MINUTES) found.minutes = text.tooLong;
    if (!v.note.trim()) found.note = 'Note is required.';
    if (Object.keys(found).length) return setErrors(found);
    create.mutate(
      { employee_id: Number(v.employee), date: v.date, minutes, pay: v.pay, note: v.note.trim() },
      {
        onSuccess: (r) => {
          notifySuccess(r.message);
          onClose();
        },
        onError: (e) => {
          const fields = e instanceof ApiError ? e.errors : {};
          setErrors({
            form: messageOf(e, 'Could not record the adjustment.'),
            ...Object.fromEntries(Object.entries(fields).map(([k, m]) => [k, m[0]])),
          });
        },
      },
    );
  };

  return (
    <Stack>
      <Text size="sm">
        The punches of {period.start_date} to {period.end_date} stay as approved. The adjustment is paid in
        the current pay period, labelled with the day it corrects.
      </Text>
      {errors.form ? (
        <Alert color="red" role="alert">
          {errors.form}
        </Alert>
      ) : null}
      <Select
        label="Employee"
        required
        data={options}
        filter={foldedFilter}
        searchable
        value={v.employee}
        onChange={(employee) => set({ employee })}
        error={errors.employee_id}
        nothingFoundMessage={employees.isPending ? 'Loading...' : 'No employees'}
      />
      <TextInput
        label="Day it corrects"
        type="date"
        required
        min={period.start_date}
        max={period.end_date}
        value={v.date}
        onChange={(e) => set({ date: e.currentTarget.value })}
        error={errors.date}
      />
      <Group grow align="flex-start">
        <NumberInput
          label="Hours"
          description="Negative takes pay back"
          required
          decimalScale={2}
          step={0.25}
          value={v.hours}
          onChange={(hours) => set({ hours })}
          error={errors.minutes}
        />
        <Select
          label="Paid as"
          data={ADJUSTMENT_PAY.map((p) => ({ value: p, label: text.payLabels[p] }))}
          value={v.pay}
          onChange={(p) => set({ pay: (p as AdjustmentPay | null) ?? 'regular' })}
          allowDeselect={false}
          error={errors.pay}
        />
      </Group>
      <Textarea
        label="Note"
        required
        maxLength={500}
        value={v.note}
        onChange={(e) => set({ note: e.currentTarget.value })}
        error={errors.note}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={submit} loading={create.isPending}>
          Record adjustment
        </Button>
      </Group>
    </Stack>
  );
}

/** The modal of AdjustmentForm for an approved period, or nothing. */
export function AdjustmentModal({ period, onClose }: { period: PayPeriod | null; onClose: () => void }) {
  return (
    <Modal opened={period !== null} onClose={onClose} title={text.addButton}>
      {period ? <AdjustmentForm period={period} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The adjustments correcting or paid on a day of from..to, newest first, each deleted after a confirm. */
export function AdjustmentsCard({ from, to }: { from: string; to: string }) {
  const list = useAdjustments(from, to);
  const { remove } = useAdjustmentMutations();
  const money = useMoney();
  const confirmDelete = (a: Adjustment) =>
    openConfirm({
      title: 'Delete adjustment?',
      children: <Text size="sm">{text.deleteConfirm}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: (r) => notifySuccess(r.message),
          onError: (e) => notifyError(messageOf(e, 'Could not delete the adjustment.')),
        }),
    });
  const row = (a: Adjustment) => (
    <Table.Tr key={a.id}>
      <Table.Td>{a.employee_name}</Table.Td>
      <Table.Td>{text.label(a.date)}</Table.Td>
      <Table.Td>{a.paid_on}</Table.Td>
      <Table.Td>{hoursText(a.minutes)}</Table.Td>
      <Table.Td>{text.payLabels[a.pay]}</Table.Td>
      <Table.Td>{money(a.cents)}</Table.Td>
      <Table.Td>{a.note}</Table.Td>
      <Table.Td>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete the adjustment of ${a.employee_name} for ${a.date}`}
          onClick={() => confirmDelete(a)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Card withBorder>
      <Stack gap="sm">
        {/* The page's second level (its h1 is the page title): axe's heading order. */}
        <Title order={2} size="h4">
          {text.title}
        </Title>
        {list.isPending ? (
          <Group gap="xs">
            <Loader size="sm" aria-label="Loading the adjustments" />
            <Text c="dimmed">Loading...</Text>
          </Group>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            {messageOf(list.error, 'Failed to load the adjustments.')}
          </Alert>
        ) : list.data.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            {text.empty}
          </Text>
        ) : (
          <ScrollTable
            minWidth={820}
            columns={['Employee', 'Corrects', 'Paid on', 'Hours', 'Paid as', 'Amount', 'Note', '']}
            striped
          >
            {list.data.data.map(row)}
          </ScrollTable>
        )}
      </Stack>
    </Card>
  );
}
