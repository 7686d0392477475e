import { messages, type SettingsBody } from '@punchclock/contract';
import { requireAccess } from '../../auth/access';
import { assertOwnUserId, type AuthContext } from '../../auth/guards';
import type { UnitOfWork } from '../unit-of-work';
import { badRequest } from '../../lib/errors';
import { isValidTimeZone } from '../../lib/time';
import type { SettingsRepositories, SettingsRepository } from './settings.repository';

const FLAGS = [
  'enable_gps_tracking',
  'require_location',
  'enable_covid_screening',
  'display_round_in_out_times',
] as const;
type Flag = (typeof FLAGS)[number];

export function settingsService({
  repos,
  inTransaction,
}: {
  repos: SettingsRepositories;
  inTransaction: UnitOfWork<SettingsRepositories>;
}) {
  /** The screen's view of the row: flags as booleans, the account's zone, the owner as user_id. */
  async function read(auth: AuthContext, settings: SettingsRepository = repos.settings) {
    const row = await settings.read(auth.accountId);
    const { account_id: _a, account_company_name: _c, ...rest } = row;
    const flags = Object.fromEntries(FLAGS.map((f) => [f, !!row[f]])) as Record<Flag, boolean>;
    return { ...rest, user_id: auth.ownerUserId, ...flags };
  }

  return {
    /** GET /settings answers an array (the old client takes the newest); an account has one row. */
    async list(auth: AuthContext) {
      requireAccess(auth, 'settings:read');
      return [await read(auth)];
    },

    /** A new time zone moves each punch's work_date to its local day there (modules/time/time-rules.ts). */
    async save(auth: AuthContext, body: SettingsBody) {
      assertOwnUserId(auth, body.user_id);
      requireAccess(auth, 'settings:write');
      if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone))
        throw badRequest(messages.settings.badTimeZone, { time_zone: [messages.settings.badTimeZone] });
      const { user_id: _u, time_zone, ...fields } = body;
      const values = Object.fromEntries(
        Object.entries(fields)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]),
      );
      const saved = await inTransaction(async (r) => {
        const old = await read(auth, r.settings);
        await r.settings.update(auth.accountId, values);
        await r.settings.updateAccount(auth.accountId, {
          ...(time_zone ? { time_zone } : {}),
          ...(typeof values.company_name === 'string' ? { company_name: values.company_name } : {}),
        });
        if (time_zone && time_zone !== old.time_zone)
          await r.settings.rewriteWorkDates(auth.accountId, time_zone);
        const now = await read(auth, r.settings);
        await r.activity.record(auth.accountId, {
          userId: auth.userId,
          action: 'settings.updated',
          details: { old, new: now },
        });
        return now;
      });
      return { message: messages.settings.saved, data: saved };
    },
  };
}
