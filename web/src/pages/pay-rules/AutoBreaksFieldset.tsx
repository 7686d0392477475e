import { ActionIcon, Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { MAX_AUTO_BREAKS } from '@punchclock/contract';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { FIELD_LABELS } from './pay-rules-form';
import type { RulesFormState } from './useRulesForm';

/** The automatic breaks of a rule set: tiers of minutes of work and the break they need, added and removed. */
export function AutoBreaksFieldset({ form }: { form: RulesFormState['form'] }) {
  const breaks = form.values.rules.auto_breaks;
  return (
    <fieldset className="plain-fieldset">
      <Text component="legend" fw={500} fz="sm" mb={4}>
        {FIELD_LABELS.auto_breaks}
      </Text>
      <Text fz="xs" c="dimmed" mb="xs">
        A day of more than the minutes of work needs at least the break minutes; what its punched breaks leave
        missing is deducted.
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
            onClick={() => form.insertListItem('rules.auto_breaks', { after_minutes: '', break_minutes: '' })}
          >
            Add automatic break
          </Button>
        </Group>
      </Stack>
    </fieldset>
  );
}
