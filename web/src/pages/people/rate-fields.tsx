import { NumberInput, type NumberInputProps, TextInput, type TextInputProps } from '@mantine/core';
import { messages } from '@punchclock/contract';

/** The hourly rate in dollars and cents, as every employee form takes it. */
export function HourlyRateInput(props: NumberInputProps) {
  return (
    <NumberInput label="Hourly Rate ($)" step={0.01} min={0} decimalScale={2} fixedDecimalScale {...props} />
  );
}

/** The day a new rate is paid from: required, and never after the account's today. */
export function RateFromInput({ today, ...props }: TextInputProps & { today: string }) {
  return (
    <TextInput
      type="date"
      label={messages.employees.rateEffectiveFrom}
      description={messages.employees.rateEffectiveHint}
      max={today}
      required
      {...props}
    />
  );
}

/** The check of a rate's paid-from day (YYYY-MM-DD) against the account's today. */
export const rateFromProblem = (day: string, today: string): string | null =>
  !day ? 'Date is required.' : day > today ? messages.employees.rateFromFuture : null;
