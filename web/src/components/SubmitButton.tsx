import { Button, Loader, type ButtonProps } from '@mantine/core';

interface SubmitButtonProps extends ButtonProps {
  busy: boolean;
  /** What the button says while the call runs (e.g. 'Logging in...'). */
  busyLabel: string;
  children: string;
}

/** A form's submit button: disabled and relabelled while busy, so its text is always readable. */
export function SubmitButton({ busy, busyLabel, children, ...props }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      disabled={busy}
      aria-busy={busy}
      leftSection={busy ? <Loader size={14} color="gray" /> : undefined}
      {...props}
    >
      {busy ? busyLabel : children}
    </Button>
  );
}
