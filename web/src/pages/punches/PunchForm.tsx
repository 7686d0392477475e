import { Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DEDUCTIONS, messages, PUNCH_TYPES, timeOutAfterTimeIn } from '@punchclock/contract';
import { useSingleSubmit } from '../../forms/single-submit';
import { emptyPunch, localToday, type PunchValues } from './punch-values';

interface PunchFormProps {
  initial?: PunchValues;
  busy: boolean;
  submitLabel?: string;
  /** `reset` puts the fields back to a fresh punch (used after a successful create). */
  onSubmit: (values: PunchValues, reset: () => void) => void;
  onCancel?: () => void;
}

/** Date, Time In/Out, Deduction, Type and Notes of one punch; shared by the create and edit screens. */
export function PunchForm({ initial, busy, submitLabel = 'Submit', onSubmit, onCancel }: PunchFormProps) {
  const form = useForm<PunchValues>({
    initialValues: initial ?? emptyPunch(),
    validate: {
      time_in: (v) => (v ? null : 'Time In is required.'),
      time_out: (v, all) =>
        !v
          ? 'Time Out is required.'
          : all.time_in && !timeOutAfterTimeIn(all.time_in, v)
            ? messages.punches.timeOutAfterIn
            : null,
    },
  });
  const reset = () => form.setValues(emptyPunch());
  const once = useSingleSubmit(busy);
  return (
    <form
      onSubmit={form.onSubmit((v) => once(() => onSubmit({ ...v, notes: v.notes.trim() }, reset)))}
      noValidate
    >
      <Stack>
        <TextInput type="date" label="Date" max={localToday()} {...form.getInputProps('date')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput type="time" label="Time In" required {...form.getInputProps('time_in')} />
          <TextInput type="time" label="Time Out" required {...form.getInputProps('time_out')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Deduction"
            data={[...DEDUCTIONS]}
            allowDeselect={false}
            {...form.getInputProps('deduction')}
          />
          <Select
            label="Type"
            data={[...PUNCH_TYPES]}
            allowDeselect={false}
            {...form.getInputProps('type')}
          />
        </SimpleGrid>
        <Textarea label="Notes" maxLength={1000} autosize minRows={3} {...form.getInputProps('notes')} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? 'Submitting...' : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
