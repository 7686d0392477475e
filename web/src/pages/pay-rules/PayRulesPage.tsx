import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  formatDate,
  hoursText,
  MAX_AUTO_BREAKS,
  PAY_PRESETS,
  type PayPresetName,
  PAY_RULE_FIELDS,
  type StoredPayRuleVersion,
} from '@punchclock/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCurrentUser } from '../../api/auth';
import { messageOf } from '../../api/client';
import { useMoney } from '../../api/currency';
import {
  type PayRulesPreviewAnswer,
  usePayRules,
  usePreviewPayRules,
  useSavePayRules,
} from '../../api/pay-rules';
import { AppPage } from '../../components/AppPage';
import { openConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';
import { SectionCard } from '../../components/SectionCard';
import { todayIn } from '../reports/periods';
import {
  bodyOf,
  FIELD_LABELS,
  FLAG_FIELDS,
  formErrors,
  GRACE_FIELDS,
  inputsOf,
  inThePast,
  MULTIPLIER_FIELDS,
  type PayRulesFormValues,
  PRESET_CHOICES,
  presetLabel,
  type PreviewPeriod,
  previewErrors,
  THRESHOLD_FIELDS,
} from './pay-rules-form';

/** A rule's value as the current-rules table shows it. */
function ruleText(field: (typeof PAY_RULE_FIELDS)[number], v: StoredPayRuleVersion['rules']): string {
  const value = v[field];
  if (field === 'auto_breaks')
    return v.auto_breaks.length
      ? v.auto_breaks.map((t) => `${t.break_minutes} min over ${hoursText(t.after_minutes)} h`).join('; ')
      : 'None';
  if (value === null) return 'Off';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field.endsWith('multiplier')) return `${String(value)}×`;
  return `${String(value)} min`;
}

function useDateText() {
  const user = useCurrentUser().data;
  return (d: string) => formatDate(d, user?.date_format ?? 'MM/DD/YY');
}

/** The version in force today and every version, newest effective day first. */
function CurrentRules({
  current,
  history,
}: {
  current: StoredPayRuleVersion | null;
  history: StoredPayRuleVersion[];
}) {
  const date = useDateText();
  return (
    <Stack gap="lg">
      <SectionCard
        title="Current rules"
        description={
          current
            ? `${presetLabel(current.preset)}, in force from ${date(current.effective_from)}.`
            : 'None set yet: every paid minute is regular.'
        }
      >
        {current && (
          <Table fz="sm" withTableBorder data-testid="current-rules">
            <Table.Tbody>
              {PAY_RULE_FIELDS.map((f) => (
                <Table.Tr key={f}>
                  <Table.Th scope="row" fw={500}>
                    {FIELD_LABELS[f]}
                  </Table.Th>
                  <Table.Td>
                    {ruleText(f, current.rules)}
                    {f in current.overrides && (
                      <Badge ml={6} size="xs" variant="light" color="grape">
                        changed
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </SectionCard>
      <SectionCard title="History" description="Each version applies from its day until the next one.">
        {history.length === 0 ? (
          <Text fz="sm" c="dimmed">
            No versions saved yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={280}>
            <Table fz="sm" striped withTableBorder data-testid="rules-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Effective from</Table.Th>
                  <Table.Th>Preset</Table.Th>
                  <Table.Th>Changed fields</Table.Th>
                  <Table.Th>Saved by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {history.map((h) => (
                  <Table.Tr key={h.effective_from}>
                    <Table.Td>
                      {date(h.effective_from)}
                      {current?.effective_from === h.effective_from && (
                        <Badge ml={6} size="xs" variant="light" tt="none">
                          in force
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{presetLabel(h.preset)}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {Object.keys(h.overrides).join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>{h.created_by ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </SectionCard>
    </Stack>
  );
}

/** Each employee's pay before and after, and the totals. */
function PreviewTable({ answer }: { answer: PayRulesPreviewAnswer }) {
  const money = useMoney();
  if (answer.employees.length === 0)
    return (
      <Text fz="sm" c="dimmed" data-testid="preview-empty">
        No employees to show for this period.
      </Text>
    );
  const rows = [
    ...answer.employees.map((e) => ({ ...e, key: String(e.id), name: `${e.name} (${e.employee_id})` })),
    { key: 'total', name: 'Total', ...answer.totals },
  ];
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table fz="sm" striped withTableBorder data-testid="preview-table" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Employee</Table.Th>
            <Table.Th ta="right">Overtime h before → after</Table.Th>
            <Table.Th ta="right">Double time h before → after</Table.Th>
            <Table.Th ta="right">Premium after</Table.Th>
            <Table.Th ta="right">Gross before</Table.Th>
            <Table.Th ta="right">Gross after</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key} fw={r.key === 'total' ? 700 : undefined} data-testid={`preview-${r.key}`}>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td ta="right">
                {hoursText(r.before.overtime)} → {hoursText(r.after.overtime)}
              </Table.Td>
              <Table.Td ta="right">
                {hoursText(r.before.double_time)} → {hoursText(r.after.double_time)}
              </Table.Td>
              <Table.Td ta="right">{money(r.after.premium_cents)}</Table.Td>
              <Table.Td ta="right">{money(r.before.gross_cents)}</Table.Td>
              <Table.Td ta="right" data-testid="gross-after">
                {money(r.after.gross_cents)}
              </Table.Td>
              <Table.Td ta="right">{money(r.after.gross_cents - r.before.gross_cents)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/** The form: a preset, its fields to change, the day it applies from; Preview over a period, and Save. */
function RulesForm({ current, today }: { current: StoredPayRuleVersion | null; today: string }) {
  const form = useForm<PayRulesFormValues>({
    initialValues: {
      preset: current?.preset ?? 'none',
      effective_from: today,
      rules: inputsOf(current?.rules ?? PAY_PRESETS.none),
    },
    validate: formErrors,
  });
  const [period, setPeriod] = useState<PreviewPeriod>({ start_date: firstOfMonth(today), end_date: today });
  const [periodErrors, setPeriodErrors] = useState<Record<string, string>>({});
  const save = useSavePayRules();
  const preview = usePreviewPayRules();
  const date = useDateText();

  const pickPreset = (p: string | null) => {
    if (!p) return;
    // A preset starts from its own values: the overrides of the last one do not carry over.
    form.setValues({ preset: p as PayPresetName, rules: inputsOf(PAY_PRESETS[p as PayPresetName]) });
    preview.reset();
  };

  const runPreview = () => {
    const errors = previewErrors(form.values, period);
    const { start_date, end_date, ...rest } = errors;
    setPeriodErrors(Object.fromEntries(Object.entries({ start_date, end_date }).filter(([, m]) => m)));
    form.setErrors(rest);
    if (Object.keys(errors).length) return;
    preview.mutate({ ...bodyOf(form.values), ...period });
  };

  const doSave = (v: PayRulesFormValues) =>
    save.mutate(bodyOf(v), {
      onSuccess: (a) => notifySuccess(a.message),
      onError: (e) => notifyError(messageOf(e, 'Failed to save the pay rules.')),
    });

  const submit = (v: PayRulesFormValues) => {
    if (!inThePast(v.effective_from, today)) return doSave(v);
    openConfirm({
      title: 'Change pay of past days?',
      children: (
        <Text fz="sm">
          These rules apply from {date(v.effective_from)}, a day in the past: the pay of every day from then
          on is computed again under them. Days before keep the rules they had.
        </Text>
      ),
      labels: { confirm: 'Save rules', cancel: 'Cancel' },
      onConfirm: () => doSave(v),
    });
  };

  const breaks = form.values.rules.auto_breaks;
  return (
    <Stack gap="lg">
      <SectionCard
        title="Change the rules"
        description="Pick a preset, change any of its fields, and the day it applies from."
      >
        <form onSubmit={form.onSubmit(submit)} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Preset"
                data={PRESET_CHOICES}
                allowDeselect={false}
                value={form.values.preset}
                onChange={pickPreset}
                error={form.errors.preset}
              />
              <TextInput
                type="date"
                label="Effective from"
                required
                {...form.getInputProps('effective_from')}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {THRESHOLD_FIELDS.map((f) => (
                <NumberInput
                  key={f}
                  label={FIELD_LABELS[f]}
                  description="Blank: off"
                  allowDecimal={false}
                  {...form.getInputProps(`rules.${f}`)}
                />
              ))}
              {GRACE_FIELDS.map((f) => (
                <NumberInput
                  key={f}
                  label={FIELD_LABELS[f]}
                  allowDecimal={false}
                  {...form.getInputProps(`rules.${f}`)}
                />
              ))}
              {MULTIPLIER_FIELDS.map((f) => (
                <NumberInput
                  key={f}
                  label={FIELD_LABELS[f]}
                  decimalScale={3}
                  step={0.25}
                  {...form.getInputProps(`rules.${f}`)}
                />
              ))}
            </SimpleGrid>
            {FLAG_FIELDS.map((f) => (
              <Checkbox
                key={f}
                label={FIELD_LABELS[f]}
                {...form.getInputProps(`rules.${f}`, { type: 'checkbox' })}
              />
            ))}
            <fieldset className="plain-fieldset">
              <Text component="legend" fw={500} fz="sm" mb={4}>
                {FIELD_LABELS.auto_breaks}
              </Text>
              <Text fz="xs" c="dimmed" mb="xs">
                A day of more than the minutes of work needs at least the break minutes; what its punched
                breaks leave missing is deducted.
              </Text>
              <Stack gap="xs">
                {breaks.map((_, i) => (
                  <Group key={i} align="flex-start" gap="xs" wrap="nowrap">
                    <NumberInput
                      label="After (minutes of work)"
                      allowDecimal={false}
                      style={{ flex: 1, minWidth: 0 }}
                      {...form.getInputProps(`rules.auto_breaks.${i}.after_minutes`)}
                    />
                    <NumberInput
                      label="Break (minutes)"
                      allowDecimal={false}
                      style={{ flex: 1, minWidth: 0 }}
                      {...form.getInputProps(`rules.auto_breaks.${i}.break_minutes`)}
                    />
                    <ActionIcon
                      mt={28}
                      variant="subtle"
                      color="red"
                      aria-label={`Remove automatic break ${i + 1}`}
                      onClick={() => form.removeListItem('rules.auto_breaks', i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ))}
                {form.errors['rules.auto_breaks'] && (
                  <Text c="red" fz="sm" role="alert">
                    {form.errors['rules.auto_breaks']}
                  </Text>
                )}
                <Group>
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    disabled={breaks.length >= MAX_AUTO_BREAKS}
                    onClick={() =>
                      form.insertListItem('rules.auto_breaks', { after_minutes: '', break_minutes: '' })
                    }
                  >
                    Add automatic break
                  </Button>
                </Group>
              </Stack>
            </fieldset>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <SectionCard
        title="Preview"
        description="Each employee's pay over a period under the rules as they are, and with these rules added. Nothing is saved."
      >
        <Stack>
          <Group align="flex-start" gap="xs">
            <TextInput
              type="date"
              label="From"
              value={period.start_date}
              error={periodErrors.start_date}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setPeriod((p) => ({ ...p, start_date: value }));
              }}
            />
            <TextInput
              type="date"
              label="To"
              value={period.end_date}
              error={periodErrors.end_date}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setPeriod((p) => ({ ...p, end_date: value }));
              }}
            />
            <Button mt={25} variant="light" onClick={runPreview} loading={preview.isPending}>
              Preview
            </Button>
          </Group>
          {preview.isPending ? (
            <Group gap="xs">
              <Loader size="xs" aria-label="Loading the preview" />
              <Text fz="sm" c="dimmed">
                Loading...
              </Text>
            </Group>
          ) : preview.isError ? (
            <Alert color="red" role="alert">
              {messageOf(preview.error, 'Failed to preview the pay rules.')}
            </Alert>
          ) : preview.data ? (
            <PreviewTable answer={preview.data} />
          ) : (
            <Text fz="sm" c="dimmed">
              Choose a period and press Preview.
            </Text>
          )}
        </Stack>
      </SectionCard>
    </Stack>
  );
}

/**
 * /PayRules (docs/RULES.md#pay-rules): the owner's and full administrators' screen of the account's pay rules. A
 * department-scoped administrator does not see it in the settings, and the server refuses them.
 */
export default function PayRulesPage() {
  const rules = usePayRules();
  const user = useCurrentUser();
  const today = todayIn(user.data?.time_zone);
  return (
    <AppPage
      title="Pay Rules"
      description="Overtime, double time, breaks and premiums: which rules pay each day, from which day on."
    >
      {rules.isPending || user.isPending ? (
        <Group gap="xs">
          <Loader size="sm" aria-label="Loading the pay rules" />
          <Text c="dimmed">Loading...</Text>
        </Group>
      ) : rules.isError ? (
        <Alert color="red" role="alert">
          {messageOf(rules.error, 'Failed to load the pay rules.')}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <RulesForm
            key={rules.data.current?.effective_from ?? 'none'}
            current={rules.data.current}
            today={today}
          />
          <CurrentRules current={rules.data.current} history={rules.data.history} />
        </SimpleGrid>
      )}
    </AppPage>
  );
}
