import { TextInput, type TextInputProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** The two ends of a period, as the API takes them (YYYY-MM-DD, empty while not chosen). */
export interface PeriodDates {
  start_date: string;
  end_date: string;
}

/**
 * A period's first and last day as two date fields (Activity Logs' filters, the earnings dialog, the pay rules'
 * preview). `onChange` names the end that changed; `errors` sit under their field. Other props (a size, a
 * width) go to both fields.
 */
export function PeriodInputs({
  value,
  onChange,
  labels = ['From', 'To'],
  errors = {},
  ...field
}: {
  value: PeriodDates;
  onChange: (end: keyof PeriodDates, date: string) => void;
  labels?: readonly [string, string];
  errors?: Partial<Record<keyof PeriodDates, ReactNode>>;
} & Omit<TextInputProps, 'value' | 'onChange' | 'label' | 'error' | 'type'>) {
  const input = (end: keyof PeriodDates, label: string) => (
    <TextInput
      type="date"
      label={label}
      {...field}
      value={value[end]}
      onChange={(e) => onChange(end, e.currentTarget.value)}
      error={errors[end]}
    />
  );
  return (
    <>
      {input('start_date', labels[0])}
      {input('end_date', labels[1])}
    </>
  );
}
