import { DATE_FORMATS, messages } from '@punchclock/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authKeys, getUser } from '../api/auth';
import { ApiError } from '../api/client';
import { type EarningsPeriod, useEarnings } from '../api/earnings';
import { ownEmployeeCode } from '../pages/punches/punch-values';
import { PERIOD_PRESETS, presetPeriod, todayIn } from '../pages/reports/periods';
import type { Tab } from './EarningsTables';

/** The report form's presets but Custom (the From and To fields are that), and This year. */
export const PRESETS = [
  ...PERIOD_PRESETS.filter((p) => p.value !== 'custom'),
  { value: 'this_year', label: 'This year' },
] as const;
type Preset = Exclude<(typeof PERIOD_PRESETS)[number]['value'], 'custom'> | 'this_year' | 'custom';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A preset's days; weeks start on the account's week start (the answer names it; Monday until it came). */
function periodOf(preset: Exclude<Preset, 'custom'>, today: string, weekStart: number): EarningsPeriod {
  if (preset === 'this_year') return { start_date: `${today.slice(0, 4)}-01-01`, end_date: today };
  return presetPeriod(preset, today, weekStart) as EarningsPeriod;
}

/**
 * The earnings dialog's state: the period (a preset, or the From and To typed and shown), the tab, and the
 * signed-in employee's earnings over the period (asked only while the dialog is open).
 */
export function useEarningsDialog(opened: boolean) {
  const employeeId = ownEmployeeCode();
  // Periods are days on the account's clock (as the server counts them), not the browser's: the signed-in
  // user the layout has loaded carries the account's zone (read from the cache here, never fetched again).
  const user = useQuery({ queryKey: authKeys.user, queryFn: getUser, enabled: false }).data;
  const zone = user?.time_zone;
  const dateFormat = user?.date_format ?? DATE_FORMATS[0];
  const today = todayIn(zone);
  const [preset, setPreset] = useState<Preset>('this_month');
  const [period, setPeriod] = useState<EarningsPeriod>(() => periodOf('this_month', today, 1));
  const [draft, setDraft] = useState<EarningsPeriod>(period);
  const [tab, setTab] = useState<Tab>('daily');
  const earnings = useEarnings(employeeId, period, opened);

  const weekStart = Math.max(0, WEEKDAYS.indexOf(earnings.data?.week_start ?? 'Monday'));
  const pick = (p: Exclude<Preset, 'custom'>) => {
    const next = periodOf(p, todayIn(zone), weekStart);
    setPreset(p);
    setPeriod(next);
    setDraft(next);
  };
  // The zone arriving after the dialog was set up moves a preset period onto the account's today.
  useEffect(() => {
    if (preset === 'custom') return;
    const next = periodOf(preset, today, weekStart);
    setPeriod((old) => (old.start_date === next.start_date && old.end_date === next.end_date ? old : next));
    setDraft((old) => (old.start_date === next.start_date && old.end_date === next.end_date ? old : next));
  }, [today, preset, weekStart]);
  const customValid = !!draft.start_date && !!draft.end_date && draft.start_date <= draft.end_date;
  /** Show the From and To typed, when they make a period. */
  const showDraft = () => {
    if (!customValid) return;
    setPreset('custom');
    setPeriod(draft);
  };
  const failure =
    earnings.error instanceof ApiError && earnings.error.status === 400 && earnings.error.message
      ? earnings.error.message
      : messages.deductions.fetchFailed;

  return {
    employeeId,
    dateFormat,
    preset,
    pick,
    draft,
    setDraft,
    customValid,
    showDraft,
    tab,
    setTab,
    earnings,
    failure,
  };
}
