import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { pgAdmin, type RunningServer, startServer } from './server-process';

const dialect = process.env.E2E_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

async function json(res: Response) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

describe('durability', () => {
  it('keeps an acknowledged punch when the server is killed right after answering', async () => {
    const server = await startServer({ dialect, demo: true });
    let punch: { punch: { id: number; time_in: string } };
    let station: { token: string };
    const clientId = `crash${Date.now()}`;
    try {
      ({ punch, station } = await punchThenKill(server, clientId));
    } catch (e) {
      await server.stop('SIGKILL');
      throw e;
    }
    const again = await startServer({ dialect, dataDir: server.dataDir, databaseUrl: server.databaseUrl });
    try {
      const status = await json(
        await fetch(`${again.baseUrl}/api/employee-status`, {
          headers: { authorization: `Station ${station.token}` },
        }),
      );
      const row = status.data.find((e: { employee_id: string }) => e.employee_id === 'E1011');
      expect(row).toMatchObject({ clockedIn: true, clockInTime: punch.punch.time_in });
      const retry = await json(
        await fetch(`${again.baseUrl}/api/clock-in`, {
          method: 'POST',
          headers: { authorization: `Station ${station.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ employee_id: 'E1011', client_id: clientId }),
        }),
      );
      expect(retry.punch.id).toBe(punch.punch.id);
    } finally {
      await again.stop();
      if (dialect === 'postgres')
        await pgAdmin(
          `DROP DATABASE IF EXISTS "${new URL(server.databaseUrl).pathname.slice(1)}" WITH (FORCE)`,
        );
    }
  });
});

/** Clocks E1011 in through a new station, then SIGKILLs the server the moment the answer arrives. */
async function punchThenKill(server: RunningServer, clientId: string) {
  const login = await json(
    await fetch(`${server.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
    }),
  );
  const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  const station = await json(
    await fetch(`${server.baseUrl}/api/stations`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Crash test', pair: 'this-browser' }),
    }),
  );
  // The demo is alive: seeded on a weekday during work hours, E1011 is in since this morning. Clocked out
  // first, the clock-in below is a new shift whatever the hour the journey runs at.
  await clockOutIfIn(server, station.token, 'E1011');
  const punch = await json(
    await fetch(`${server.baseUrl}/api/clock-in`, {
      method: 'POST',
      headers: { authorization: `Station ${station.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ employee_id: 'E1011', client_id: clientId }),
    }),
  );
  // SIGKILL: no shutdown hook, no flush — only what the database acknowledged survives.
  await server.stop('SIGKILL');
  return { punch, station };
}

async function clockOutIfIn(server: RunningServer, token: string, employeeId: string) {
  const headers = { authorization: `Station ${token}`, 'content-type': 'application/json' };
  const status = await json(await fetch(`${server.baseUrl}/api/employee-status?limit=200`, { headers }));
  const row = status.data.find((e: { employee_id: string }) => e.employee_id === employeeId);
  if (!row.clockedIn) return;
  await json(
    await fetch(`${server.baseUrl}/api/clock-out`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ employee_id: employeeId }),
    }),
  );
}
