import type { Database } from '../../db/database';
import { nowIso } from '../../lib/time';

export interface ActivityEntry {
  accountId: number;
  userId: number | null;
  employeeId?: number | null;
  action: string;
  details?: unknown;
}

/** Every change an account makes is written here (DESIGN §5): who, what, and the details. */
export async function recordActivity(db: Database, entry: ActivityEntry): Promise<void> {
  const at = nowIso();
  await db
    .insertInto('activity_logs')
    .values({
      account_id: entry.accountId,
      user_id: entry.userId,
      employee_id: entry.employeeId ?? null,
      action: entry.action,
      details: entry.details === undefined ? null : typeof entry.details === 'string' ? entry.details : JSON.stringify(entry.details),
      created_at: at,
      updated_at: at,
    })
    .execute();
}
