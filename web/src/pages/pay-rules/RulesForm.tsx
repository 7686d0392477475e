import { Button, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { StoredPayRuleVersion } from '@punchclock/contract';
import { SectionCard } from '../../components/SectionCard';
import { AutoBreaksFieldset } from './AutoBreaksFieldset';
import {
  FIELD_LABELS,
  FLAG_FIELDS,
  GRACE_FIELDS,
  MULTIPLIER_FIELDS,
  PRESET_CHOICES,
  THRESHOLD_FIELDS,
} from './pay-rules-form';
import { PreviewCard } from './PreviewCard';
import { useRulesForm } from './useRulesForm';

/** The form: a preset, its fields to change, the day it applies from; Preview over a period, and Save. */
export function RulesForm({ current, today }: { current: StoredPayRuleVersion | null; today: string }) {
  const state = useRulesForm(current, today);
  const { form, save, pickPreset, submit } = state;
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
            <AutoBreaksFieldset form={form} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <PreviewCard {...state} />
    </Stack>
  );
}
