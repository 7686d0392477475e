import { messages, type SettingsBody } from '@punchclock/contract';
import type { AuthContext } from '../../auth/guards';
import type { Database } from '../../db/database';
import { badRequest } from '../../lib/errors';
import { isValidTimeZone, nowIso } from '../../lib/time';
import { recordActivity } from '../activity/activity.repository';

const FLAGS = [
  'enable_gps_tracking',
  'require_location',
  'enable_covid_screening',
  'display_round_in_out_times',
] as const;

export function settingsService({ db }: { db: Database }) {
  async function read(auth: AuthContext) {
    const row = await db
      .selectFrom('settings')
      .innerJoin('accounts', 'accounts.id', 'settings.account_id')
      .selectAll('settings')
      .select('accounts.time_zone')
      .where('settings.account_id', '=', auth.accountId)
      .executeTakeFirstOrThrow();
    const { account_id: _a, ...rest } = row;
    return {
      ...rest,
      user_id: auth.ownerUserId,
      ...Object.fromEntries(FLAGS.map((f) => [f, !!row[f]])),
    } as typeof rest & Record<(typeof FLAGS)[number], boolean> & { user_id: number };
  }

  return {
    /** GET /settings answers an array (the spec's client takes the newest); an account has one row. */
    list: async (auth: AuthContext) => [await read(auth)],

    async save(auth: AuthContext, body: SettingsBody) {
      if (body.time_zone !== undefined && !isValidTimeZone(body.time_zone))
        throw badRequest(messages.settings.badTimeZone, { time_zone: [messages.settings.badTimeZone] });
      const old = await read(auth);
      const { user_id: _u, time_zone, ...fields } = body;
      const values = Object.fromEntries(
        Object.entries(fields)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, typeof v === 'boolean' ? Number(v) : v]),
      );
      const at = nowIso();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('settings')
          .set({ ...values, updated_at: at })
          .where('account_id', '=', auth.accountId)
          .execute();
        if (time_zone)
          await trx
            .updateTable('accounts')
            .set({ time_zone, updated_at: at })
            .where('id', '=', auth.accountId)
            .execute();
        if (typeof values.company_name === 'string')
          await trx
            .updateTable('accounts')
            .set({ company_name: values.company_name, updated_at: at })
            .where('id', '=', auth.accountId)
            .execute();
      });
      const saved = await read(auth);
      await recordActivity(db, {
        accountId: auth.accountId,
        userId: auth.userId,
        action: 'settings.updated',
        details: { old, new: saved },
      });
      return { message: messages.settings.saved, data: saved };
    },
  };
}
