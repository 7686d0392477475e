import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DATE_FORMATS,
  TIME_FORMATS,
  type settingsSavedAnswer,
  type SettingsView,
} from '@punchclock/contract';
import type { z } from 'zod';
import { type DisplayFormats, formatInstant } from '../pages/punches/display-format';
import { request } from './client';

export type { SettingsView };

/** The body of POST /settings; user_id is the signed-in manager's (the server checks it is theirs). */
export type SettingsInput = Omit<SettingsView, 'id' | 'user_id' | 'created_at' | 'updated_at'> & {
  user_id?: number;
};

const KEY = ['settings'];

/** The server answers an array holding one settings row. */
export const useSettings = () =>
  useQuery({ queryKey: KEY, queryFn: () => request<SettingsView[]>('/settings').then((a) => a[0] ?? null) });

export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: SettingsInput) => request<z.infer<typeof settingsSavedAnswer>>('/settings', { body: b }),
    // The answer is the saved row: show it at once; the current user (company name, zone) may change
    // too, and punch lists carry the rounding and the Date Format and Time Format they are shown in.
    onSuccess: (a) => {
      qc.setQueryData(KEY, a.data);
      return Promise.all(
        [['auth'], ['punches'], ['punch-conflicts']].map((queryKey) => qc.invalidateQueries({ queryKey })),
      );
    },
  });
}

/** Until the settings load, the sign-up defaults. */
const DEFAULT_FORMATS: DisplayFormats = { date_format: DATE_FORMATS[0], time_format: TIME_FORMATS[0] };

/**
 * For manager screens: an instant as the account shows times — on its clock (time zone) and in its
 * Date Format and Time Format, like the punch tables.
 */
export function useAccountInstant(): { when: (iso: string | null) => string; loading: boolean } {
  const settings = useSettings();
  const s = settings.data;
  return {
    when: (iso) => formatInstant(iso, s ?? DEFAULT_FORMATS, s?.time_zone),
    loading: settings.isLoading,
  };
}
