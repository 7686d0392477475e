import { type EmployeeIdentity, FORGOTTEN_AFTER_MINUTES, messages } from '@punchclock/contract';
import { newClientId, stationDb } from './queue';
import { isNetworkError, stationCall } from './station-api';

/**
 * Answers to the forgotten clock-out question taken offline (docs/RULES.md#forgotten-clock-outs), kept in the
 * station's meta store until the server has them; sync.ts sends them before the queued punches, so the shift is
 * set aside before the employee's queued clock-in arrives.
 */
const PREFIX = 'forgotten:';
interface QueuedAnswer {
  id: EmployeeIdentity;
  time: string | null;
  queued_at: string;
}

/**
 * Offline, a shift open longer than the account's limit (from the station's last settings; the default before it
 * had any) is asked about.
 */
export function forgottenOffline(
  clockInTime: string | null,
  zone: string,
  now = Date.now(),
  afterMinutes = FORGOTTEN_AFTER_MINUTES,
) {
  if (!clockInTime || now - Date.parse(clockInTime) <= afterMinutes * 60_000) return null;
  const weekday = new Date(clockInTime).toLocaleDateString('en-US', { weekday: 'long', timeZone: zone });
  return { text: messages.forgotten.question(weekday), time_in: clockInTime };
}

export async function queueForgottenAnswer(id: EmployeeIdentity, time: string | null): Promise<void> {
  const answer: QueuedAnswer = { id, time, queued_at: new Date().toISOString() };
  await stationDb.meta.put({ key: `${PREFIX}${newClientId()}`, value: JSON.stringify(answer) });
}

/**
 * Sends the queued answers, oldest first; one the server refuses (a time out of bounds, a shift fixed meanwhile)
 * is dropped: its shift stays listed as forgotten for a manager. Answers false when the connection failed (the
 * rest wait).
 */
export async function sendForgottenAnswers(): Promise<boolean> {
  const rows = (await stationDb.meta.toArray()).filter((r) => r.key.startsWith(PREFIX));
  const queued = rows
    .map((r) => ({ key: r.key, answer: JSON.parse(r.value) as QueuedAnswer }))
    .sort((a, b) => a.answer.queued_at.localeCompare(b.answer.queued_at));
  for (const { key, answer } of queued) {
    try {
      await stationCall('/api/forgotten-clock-outs/answer', { ...answer.id, time: answer.time });
    } catch (e) {
      if (isNetworkError(e)) return false;
    }
    await stationDb.meta.delete(key);
  }
  return true;
}
