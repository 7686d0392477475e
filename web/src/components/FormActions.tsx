import { Button, Group, type MantineSpacing } from '@mantine/core';
import { SubmitButton } from './SubmitButton';

interface FormActionsProps {
  /** Closes the form without saving. */
  onCancel: () => void;
  /** The save call is running: the submit button shows it and takes no second click. */
  busy: boolean;
  submitLabel: string;
  cancelLabel?: string;
  /** With it the submit button says this while busy (e.g. 'Saving...'); without it, it spins. */
  busyLabel?: string;
  mt?: MantineSpacing;
}

/** The row under a dialog's or page's form: Cancel (or Close) and its submit button, at the right. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  cancelLabel = 'Cancel',
  busyLabel,
  mt,
}: FormActionsProps) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {busyLabel ? (
        <SubmitButton busy={busy} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
      ) : (
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
