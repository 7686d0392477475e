import {
  Alert,
  Button,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  DEDUCTIONS,
  manualPunchBody,
  messages,
  PUNCH_TYPES,
  wallClockOutProblem,
} from '@punchclock/contract';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useCurrentUser } from '../../api/auth';
import { useSingleSubmit } from '../../forms/single-submit';
import { firstErrors, problemErrors, schemaErrors } from '../../forms/validation';
import { todayIn } from '../reports/periods';
import { emptyPunch, punchBody, type PunchValues } from './punch-values';

/** Time Out's problem, said with the night-shift hint the contract's sentence lacks. */
function timeOutProblem(v: PunchValues, open: boolean): string | null {
  if (!v.time_out) return open ? null : messages.punches.timeOutRequired;
  const problem = v.time_in ? wallClockOutProblem(v.time_in, v.time_out, v.out_next_day) : null;
  if (problem === 'out_before_in')
    return v.time_out < v.time_in
      ? `${messages.punches.timeOutAfterIn} For a night shift, tick "Ends the next day".`
      : messages.punches.timeOutAfterIn;
  return problem === 'next_day_too_long' ? messages.punches.nextDayTooLong : null;
}

/**
 * The form's own checks, then the contract's (notes, the times' form), in the server's words. The employee is
 * the screen's, not the form's: any valid id stands in for it here.
 */
const validate = (v: PunchValues, open: boolean) =>
  firstErrors(
    problemErrors({ time_in: v.time_in ? null : 'Time In is required.', time_out: timeOutProblem(v, open) }),
    schemaErrors(manualPunchBody, punchBody(1, v)),
  );

interface PunchFormProps {
  initial?: PunchValues;
  /** Editing a shift that is still open: Time Out may stay empty (the employee has not clocked out yet). */
  open?: boolean;
  busy: boolean;
  submitLabel?: string;
  /**
   * The server's refusal of the last save, shown above the buttons until the next attempt (`onAttempt`, called on
   * every submit, valid or not: the page clears it there, so an old refusal never sits beside a new error).
   */
  error?: string | null;
  /** The refusal is the locked-period rule's (423 `period.locked`): shown with a lock, its message naming the period. */
  errorLocked?: boolean;
  /**
   * The punch lies in an approved pay period (the list said so): nothing can be changed, the form says why up
   * front and takes no input (docs/RULES.md#pay-periods).
   */
  locked?: boolean;
  onAttempt?: () => void;
  /** `reset` puts the fields back to a fresh punch (used after a successful create). */
  onSubmit: (values: PunchValues, reset: () => void) => void;
  onCancel?: () => void;
}

/** Date, Time In/Out, Deduction, Type and Notes of one punch; shared by the create and edit screens. */
export function PunchForm({
  initial,
  open = false,
  error,
  errorLocked = false,
  locked = false,
  onAttempt,
  busy,
  submitLabel = 'Submit',
  onSubmit,
  onCancel,
}: PunchFormProps) {
  // "Today" is the account's day (its time zone, as the server and the reports count days), not the browser's:
  // a device in another zone would otherwise default to, and cap the picker at, a day the server calls the future.
  const today = todayIn(useCurrentUser().data?.time_zone);
  const form = useForm<PunchValues>({
    initialValues: initial ?? emptyPunch(today),
    validate: (v) => validate(v, open),
  });
  // The account's zone arrives after the form: move a default date the user has not changed onto its today.
  const defaultDate = useRef(initial ? null : today);
  useEffect(() => {
    if (defaultDate.current === null || defaultDate.current === today) return;
    if (form.getValues().date === defaultDate.current) form.setFieldValue('date', today);
    defaultDate.current = today;
  }, [today, form]);
  const reset = () => form.setValues(emptyPunch(today));
  const once = useSingleSubmit(busy);
  return (
    <form
      // onAttempt (which forgets the last refusal) only for a save that starts, or a form the checks refused: a
      // second click while the first save runs reset the mutation, whose success message was then never shown.
      onSubmit={form.onSubmit(
        (v) =>
          once(() => {
            onAttempt?.();
            onSubmit({ ...v, notes: v.notes.trim() }, reset);
          }),
        () => onAttempt?.(),
      )}
      noValidate
    >
      <Stack>
        {locked && (
          <Alert color="gray" icon={<IconLock size={18} />} title="Locked" role="status">
            {messages.punches.lockedHint}
          </Alert>
        )}
        {/* The browser's own fieldset disables every field in it (no Mantine Fieldset: its styles are not loaded). */}
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack>
            <TextInput type="date" label="Date" max={today} {...form.getInputProps('date')} />
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput type="time" label="Time In" required {...form.getInputProps('time_in')} />
              <TextInput
                type="time"
                label="Time Out"
                required={!open}
                description={open ? 'Still clocked in: leave empty to keep the shift open.' : undefined}
                {...form.getInputProps('time_out')}
              />
            </SimpleGrid>
            <Checkbox
              label="Ends the next day (night shift)"
              {...form.getInputProps('out_next_day', { type: 'checkbox' })}
            />
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
          </Stack>
        </fieldset>
        {error && (
          <Alert
            color="red"
            role="alert"
            icon={errorLocked ? <IconLock size={18} /> : undefined}
            title={errorLocked ? 'Pay period locked' : undefined}
          >
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={busy || locked}>
            {busy ? 'Submitting...' : submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
