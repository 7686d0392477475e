import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PAY_PRESETS, type PayPresetName, type StoredPayRuleVersion } from '@punchclock/contract';
import { useState } from 'react';
import { messageOf } from '../../api/client';
import { usePreviewPayRules, useSavePayRules } from '../../api/pay-rules';
import { openConfirm } from '../../components/confirm';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  bodyOf,
  formErrors,
  inputsOf,
  inThePast,
  type PayRulesFormValues,
  type PreviewPeriod,
  previewErrors,
} from './pay-rules-form';
import { useDateText } from './use-date-text';

const firstOfMonth = (day: string) => `${day.slice(0, 8)}01`;

/**
 * The Pay Rules form's state and actions: the preset and its fields (validated by the contract's schema), the
 * preview's period, Preview, and Save (asking first when the rules would apply from a past day).
 */
export function useRulesForm(current: StoredPayRuleVersion | null, today: string) {
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

  return { form, period, setPeriod, periodErrors, save, preview, pickPreset, runPreview, submit };
}

export type RulesFormState = ReturnType<typeof useRulesForm>;
