import 'fake-indexeddb/auto';
import { messages } from '@punchclock/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lookUp, punch, stateAfter } from './clock-controller';
import { pendingCount, stationDb } from './queue';

// Start Break / End Break at the station (docs/RULES.md#breaks-at-the-clock): the calls it makes online, and the
// IndexedDB queue offline (fake-indexeddb here; web/e2e/breaks.e2e.ts runs it in Chromium with the server).

const sent: { path: string; body: Record<string, unknown> }[] = [];
let online = true;
let answers: Record<string, unknown> = {};

beforeEach(async () => {
  sent.length = 0;
  online = true;
  answers = {};
  await stationDb.punches.bulkDelete((await stationDb.punches.toArray()).map((p) => p.client_id));
  await stationDb.employees.bulkDelete((await stationDb.employees.toArray()).map((e) => e.key));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: { body: string }) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push({ path, body: JSON.parse(init.body) });
      const answer = answers[path];
      if (answer instanceof Response) return answer;
      return new Response(JSON.stringify(answer ?? {}), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const checked = (breakStart: string | null) => ({
  message: messages.clock.employeeChecked,
  employee: { id: 7, employee_id: 'E7', name: 'Ann Lee', department_name: null },
  clocked_in: true,
  clock_in_time: '2026-11-27T08:00:00.000Z',
  break_start_time: breakStart,
  needs_pin: false,
});

describe('breaks at the station', () => {
  it('says what each kind of punch changes of what the station knows', () => {
    const at = '2026-11-27T12:00:00.000Z';
    expect(stateAfter('in', at)).toEqual({ clockedIn: true, clockInTime: at, breakStartTime: null });
    expect(stateAfter('break_start', at)).toEqual({ breakStartTime: at });
    expect(stateAfter('break_end', at)).toEqual({ breakStartTime: null });
    expect(stateAfter('out', at)).toEqual({ clockedIn: false, clockInTime: null, breakStartTime: null });
  });

  it('shows the break the server knows of, and sends Start Break and End Break with their client ids', async () => {
    answers['/api/check-employee'] = checked('2026-11-27T12:00:00.000Z');
    const found = await lookUp({ employee_id: 'E7' });
    expect(found).toMatchObject({ step: 'ready', state: { breakStartTime: '2026-11-27T12:00:00.000Z' } });
    answers['/api/break-end'] = {
      message: messages.clock.breakEnded,
      break: {
        employee_id: 'E7',
        started_at: '2026-11-27T12:00:00.000Z',
        ended_at: '2026-11-27T12:15:00.000Z',
        punch_id: 3,
      },
    };
    const ended = await punch('break_end', { employee_id: 'E7' });
    expect(ended).toMatchObject({
      message: messages.clock.breakEnded,
      offline: false,
      at: '2026-11-27T12:15:00.000Z',
    });
    const body = sent.find((s) => s.path === '/api/break-end')!.body;
    expect(body).toMatchObject({ employee_id: 'E7' });
    expect(body.client_id).toEqual(expect.any(String));
    expect(await pendingCount()).toBe(0);
    expect((await stationDb.employees.get('E7'))?.breakStartTime).toBeNull();
  });

  it('queues a break offline in IndexedDB and keeps the employee on a break there', async () => {
    answers['/api/check-employee'] = checked(null);
    await lookUp({ employee_id: 'E7' });
    online = false;
    const started = await punch('break_start', { employee_id: 'E7' });
    expect(started.offline).toBe(true);
    expect(started.breakStartTime).toBe(started.at);
    const [queued] = await stationDb.punches.where('state').equals('pending').toArray();
    expect(queued).toMatchObject({ kind: 'break_start', employee_id: 'E7', device_time: started.at });
    // Looked up again offline: on a break since then, from the station's own data.
    const again = await lookUp({ employee_id: 'E7' });
    expect(again).toMatchObject({ step: 'ready', state: { offline: true, breakStartTime: started.at } });
    await punch('break_end', { employee_id: 'E7' });
    const kinds = (await stationDb.punches.where('state').equals('pending').sortBy('device_time')).map(
      (p) => p.kind,
    );
    expect(kinds).toEqual(['break_start', 'break_end']);
    expect((await stationDb.employees.get('E7'))?.breakStartTime).toBeNull();
  });

  it('forgets a break the server says is not open, and queues nothing of a refused punch', async () => {
    answers['/api/check-employee'] = checked('2026-11-27T12:00:00.000Z');
    await lookUp({ employee_id: 'E7' });
    answers['/api/break-end'] = new Response(
      JSON.stringify({ message: messages.clock.breakNotOpen, code: 'break.not_open' }),
      { status: 409 },
    );
    await expect(punch('break_end', { employee_id: 'E7' })).rejects.toMatchObject({ code: 'break.not_open' });
    expect(await pendingCount()).toBe(0);
    expect((await stationDb.employees.get('E7'))?.breakStartTime).toBeNull();
  });
});
