import { createHmac } from 'node:crypto';
import { messages, PIN_LOCK_LIMIT } from '@punchclock/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/src/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { logIn, screenshot, useBrowser } from './support';

const b = useBrowser([], { serviceWorkers: true });

/** Logs the demo manager in and turns this browser into a station from /Device. */
async function pairThisBrowser(page: Page, name: string) {
  await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
  await page.waitForURL(/\/HomeSecond$/);
  await page.goto('/Device');
  await page.getByRole('button', { name: 'Add station' }).click();
  await page.getByLabel('Station name').fill(name);
  await page.getByLabel('This browser').check();
  await page.getByRole('button', { name: 'Add station' }).last().click();
  await page.waitForURL(/\/Station$/);
  await page.getByText(name).first().waitFor();
}

/** Types an employee ID on the station page, or inside the home page's clock dialog. */
async function enterEmployee(scope: Page | Locator, id: string) {
  const field = scope.getByLabel('Employee ID');
  await field.fill(id);
  await field.press('Enter');
}

/** When this file's journeys began: the punches they make are the ones after it (the demo has its own today). */
const began = new Date().toISOString();

/** Punches these journeys made for these employee codes, read from the server's database. */
async function punchesToday(codes: string[]) {
  const db = createDatabase(inject('databaseUrl'));
  try {
    return await db
      .selectFrom('punches')
      .innerJoin('employees', 'employees.id', 'punches.employee_ref')
      .select(['employees.employee_id', 'punches.client_id', 'punches.time_in', 'punches.station_id'])
      .where('employees.employee_id', 'in', codes)
      .where('punches.time_in', '>', began)
      .execute();
  } finally {
    await db.destroy();
  }
}

/** Types a PIN on the station's pad and goes on (the PIN is a step of its own, before anything is shown). */
async function enterPin(scope: Page | Locator, pin: string) {
  await scope.getByText('Enter your PIN').waitFor();
  for (const d of pin) await scope.getByLabel(`PIN digit ${d}`).click();
  await scope.getByRole('button', { name: 'Continue' }).click();
}

/**
 * PINs of `code` sorted by what the station's offline check makes of them: those whose hint (read from the
 * station's own IndexedDB, as the roster gave it) matches the demo PIN 1234's, and those it refuses at once.
 */
async function pinsByHint(page: Page, code: string) {
  const held = await page.evaluate(
    (key) =>
      new Promise<{ hintKey: string; ref: number; hint: number; misses: number | null }>((ok, fail) => {
        const open = indexedDB.open('punchclock-station');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['meta', 'employees']);
          const meta = tx.objectStore('meta');
          const k = meta.get('pinHintKey');
          const e = tx.objectStore('employees').get(key);
          let lock: IDBRequest | null = null;
          // Asked in the same transaction, once the employee's row id is known.
          e.onsuccess = () => {
            lock = meta.get(`pinLock:${(e.result as { ref: number }).ref}`);
          };
          tx.onerror = () => fail(tx.error);
          tx.oncomplete = () => {
            const row = e.result as { ref: number; pinHint: number };
            ok({
              hintKey: (k.result as { value: string }).value,
              ref: row.ref,
              hint: row.pinHint,
              misses: lock?.result ? (JSON.parse(lock.result.value) as { count: number }).count : null,
            });
          };
        };
      }),
    code,
  );
  const hintOf = (pin: string) =>
    parseInt(createHmac('sha256', held.hintKey).update(`${held.ref}\n${pin}`).digest('hex')[0], 16);
  expect(hintOf('1234')).toBe(held.hint);
  const pins = Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')).filter(
    (p) => p !== '1234',
  );
  return {
    matching: pins.filter((p) => hintOf(p) === held.hint),
    refused: pins.filter((p) => hintOf(p) !== held.hint),
    misses: held.misses,
  };
}

/** Pairs this browser as a station whose service worker controls the page, and waits for its roster. */
async function pairForOffline(page: Page, name: string) {
  await pairThisBrowser(page, name);
  // The service worker must control the page before the connection goes.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => !!navigator.serviceWorker.controller);
  await page.getByRole('heading', { name: 'Harbor Logistics (demo)' }).waitFor();
  // Online, the station reads the account's roster (names, who is in, who types a PIN and its hint) for offline use.
  await page.getByText(/^Last synced: (?!never)/).waitFor();
}

/**
 * The demo is alive (people at work when it is seeded on a weekday): the journey starts these employees out, so
 * what it punches does not depend on the hour it runs at. Not E1004: the demo's forgotten clock-out is theirs,
 * and reports-demo reads it.
 */
async function startOut(codes: string[]) {
  const db = createDatabase(inject('databaseUrl'));
  try {
    const refs = db.selectFrom('employees').select('id').where('employee_id', 'in', codes);
    await db
      .updateTable('punches')
      .set({ time_out: new Date().toISOString() })
      .where('employee_ref', 'in', refs)
      .where('time_out', 'is', null)
      .execute();
  } finally {
    await db.destroy();
  }
}

describe('time station', () => {
  it('pairs this browser, asks the PIN before anything, offers the action that fits, and confirms with the time', async () => {
    const { page, context } = await b.newPage();
    await startOut(['E1001']);
    await pairThisBrowser(page, 'Front desk PC');
    await enterEmployee(page, 'E1001');
    // The PIN is asked as a normal step: nothing about the employee (name, status) and no punch button before it.
    await page.getByText('Enter your PIN').waitFor();
    expect(await page.getByRole('status').count()).toBe(0);
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);
    await screenshot(page, 'station-pin-step');
    await enterPin(page, '9999');
    await page.getByText(messages.clock.pinWrong).waitFor();
    // The refused digits are gone: the right PIN is typed on an empty pad, and still nothing is shown.
    expect(await page.getByRole('button', { name: 'Continue' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    await enterPin(page, '1234');
    await page.getByTestId('employee-card').getByText('Not clocked in').waitFor();
    // Out, so the one action is Clock In.
    expect(await page.getByRole('button', { name: 'Clock Out' }).count()).toBe(0);
    await screenshot(page, 'station-ready');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(messages.clock.clockedIn).waitFor();
    // The confirmation says when, on the account's clock.
    expect(await page.getByTestId('punch-time').textContent()).toMatch(
      /^Clocked in at \d{1,2}:\d{2}:\d{2} [AP]M$/,
    );
    const timer = page.getByTestId('elapsed-timer');
    const first = await timer.textContent();
    expect(first).toMatch(/^\d+ min \d+ sec$/);
    await page.waitForTimeout(2100);
    expect(await timer.textContent()).not.toBe(first);
    // The station is shared: the ID and PIN are forgotten at once, and nothing can be pressed for them.
    expect(await page.getByLabel('Employee ID').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);
    // The server acknowledged the punch and nothing waits: the station counts as in step.
    await page.getByText(/^Last synced: (?!never)/).waitFor();
    await screenshot(page, 'station-clocked-in');
    // A few seconds later the screen is the next person's.
    await page.getByTestId('employee-card').waitFor({ state: 'detached', timeout: 15_000 });

    // Clocked in, the same employee is offered Clock Out (after their PIN), not a Clock In that fails.
    await enterEmployee(page, 'E1001');
    await enterPin(page, '1234');
    await page.getByTestId('employee-card').getByText('Clocked in', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Clock In' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clock Out' }).click();
    await page.getByText(messages.clock.clockedOut).waitFor();
    expect(await page.getByTestId('punch-time').textContent()).toMatch(/^Clocked out at /);
    expect(await page.getByTestId('shift-total').textContent()).toMatch(
      /^0 hours, 0 minutes \(0 total minutes\)$/,
    );
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);

    // The home page's Clock In and Out dialog is the same clock on a paired browser…
    await page.goto('/');
    await page.getByRole('button', { name: 'Clock In and Out' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Clock In and Out' });
    await enterEmployee(dialog, 'E1004');
    await enterPin(dialog, '1234');
    await dialog.getByTestId('employee-card').waitFor();
    await context.close();

    // …and on a browser that is not a station it says how to pair.
    const other = await b.newPage();
    await other.page.goto('/');
    await other.page.getByRole('button', { name: 'Clock In and Out' }).first().click();
    await other.page
      .getByRole('dialog', { name: 'Clock In and Out' })
      .getByText('This browser is not a time station yet')
      .first()
      .waitFor();
    await other.context.close();
  });

  it('offline, asks the PIN exactly as online, refuses what the server would, and syncs each punch exactly once', async () => {
    const { page, context } = await b.newPage();
    await startOut(['E1002', 'E1003', 'E1005', 'E1010', 'E1013']);
    await pairForOffline(page, 'Warehouse tablet');
    const company = page.getByRole('heading', { name: 'Harbor Logistics (demo)' });

    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Employee ID').waitFor();
    // The station remembers its company and rules when it starts without a connection.
    await company.waitFor();
    const codes = ['E1002', 'E1003', 'E1005'];
    for (const code of codes) {
      await enterEmployee(page, code);
      await page.getByRole('button', { name: 'Clock In' }).click();
      await page
        .getByText(/No connection: the punch is saved/)
        .first()
        .waitFor();
    }
    // E1002, just clocked in here, is in: the one action offered is Clock Out.
    await enterEmployee(page, 'E1002');
    await page.getByTestId('employee-card').getByText('Clocked in', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Clock In' }).count()).toBe(0);

    // E1010 types a PIN: offline it is asked exactly as online, before anything about them is shown and before
    // any punch can be pressed (the defect: offline, the ID and Clock In punched without a PIN).
    await enterEmployee(page, 'E1010');
    await page.getByText('Enter your PIN').waitFor();
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);
    await enterPin(page, '1234');
    await page.getByTestId('employee-card').getByText('Not clocked in').waitFor();
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('4 punches waiting to sync').waitFor();
    codes.push('E1010');

    // An ID the roster lacks asks a PIN too (a stranger learns nothing of which IDs exist), then is refused here,
    // as the server would refuse it: nothing is queued, nothing is shown as taken.
    await enterEmployee(page, 'E9999');
    await enterPin(page, '1234');
    await page.getByText(messages.clock.invalidEmployeeId).waitFor();
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);
    await page.getByText('4 punches waiting to sync').waitFor();

    // A wrong PIN whose hint matches the right one's (1 in 16) cannot be told offline: the punch waits, and the
    // server refuses it at sync.
    await enterEmployee(page, 'E1013');
    await enterPin(page, (await pinsByHint(page, 'E1013')).matching[0]);
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('5 punches waiting to sync').waitFor();
    await screenshot(page, 'station-offline');
    expect(await punchesToday(codes)).toHaveLength(0);

    // The first sync reaches the server but its answer is lost; the station must send it again.
    let syncCalls = 0;
    await page.route('**/api/punches/sync', async (route) => {
      syncCalls += 1;
      const response = await route.fetch();
      if (syncCalls === 1) await route.abort('connectionreset');
      else await route.fulfill({ response });
    });
    await context.setOffline(false);
    await page.getByText('All punches sent').waitFor({ timeout: 40_000 });
    expect(await page.getByText(/^No connection/).count()).toBe(0);
    await screenshot(page, 'station-synced');
    expect(syncCalls).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('refused-punches').textContent()).toMatch(
      /^1 punch was refused by the server/,
    );
    expect(await punchesToday(['E1013'])).toHaveLength(0);
    // The refused punch turns E1013 back: the station offers Clock In again, not a Clock Out of a shift that
    // does not exist.
    await page.getByTestId('employee-card').waitFor({ state: 'detached', timeout: 25_000 });
    await enterEmployee(page, 'E1013');
    await enterPin(page, '1234');
    await page.getByTestId('employee-card').getByText('Not clocked in').waitFor();
    expect(await page.getByRole('button', { name: 'Clock Out' }).count()).toBe(0);

    // The manager sees the refused punch under Devices, fixes the time by hand, and marks it fixed.
    const manager = await b.newPage();
    await logIn(manager.page, DEMO_EMAIL, DEMO_PASSWORD);
    await manager.page.waitForURL(/\/HomeSecond$/);
    await manager.page.goto('/Device');
    const issue = manager.page.getByTestId('punch-issues').locator('tbody tr').filter({ hasText: 'E1013' });
    await issue.getByText(messages.clock.pinWrong).waitFor();
    await screenshot(manager.page, 'station-punch-issues');
    await issue.getByRole('button', { name: /^Mark fixed: / }).click();
    await manager.page.getByText(messages.conflicts.fixed).waitFor();
    await issue.waitFor({ state: 'detached' });
    await manager.context.close();

    // Every punch taken with its PIN reached the server, once; none was refused for a reason the station knew.
    const rows = await punchesToday(codes);
    expect(rows.map((r) => r.employee_id).sort()).toEqual(codes.sort());
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(4);
    await context.close();
  });

  it('offline, refuses the PINs its hints show wrong and locks the employee at this station after five', async () => {
    const { page, context } = await b.newPage();
    await pairForOffline(page, 'Loading bay tablet');
    await context.setOffline(true);
    await page.reload();
    await page.getByLabel('Employee ID').waitFor();
    const { refused } = await pinsByHint(page, 'E1019');
    // Each wrong PIN is refused at once with the server's words, and counted here.
    await enterEmployee(page, 'E1019');
    for (let i = 0; i < PIN_LOCK_LIMIT; i++) {
      await enterPin(page, refused[i]);
      await page.getByText(messages.clock.pinWrong).waitFor();
      await expect.poll(async () => (await pinsByHint(page, 'E1019')).misses).toBe(i + 1);
    }
    // Five wrong: locked at this station, the right PIN too, as the server's 429 says.
    await enterPin(page, '1234');
    await page.getByText(messages.clock.pinLocked).waitFor();
    expect(await page.getByTestId('employee-card').count()).toBe(0);
    await screenshot(page, 'station-pin-locked-offline');
    // A reload of the tablet keeps the lock.
    await page.reload();
    await enterEmployee(page, 'E1019');
    await enterPin(page, '1234');
    await page.getByText(messages.clock.pinLocked).waitFor();
    expect(await page.getByRole('button', { name: /^Clock (In|Out)$/ }).count()).toBe(0);
    // Nothing was queued, so nothing reaches the server when the connection returns.
    expect(await page.getByText(/punch(es)? waiting to sync/).count()).toBe(0);
    const queued = await page.evaluate(
      () =>
        new Promise<number>((ok) => {
          const open = indexedDB.open('punchclock-station');
          open.onsuccess = () => {
            const count = open.result.transaction('punches').objectStore('punches').count();
            count.onsuccess = () => ok(count.result);
          };
        }),
    );
    expect(queued).toBe(0);
    await context.close();
  });

  it('says when a manager revoked it, and lists the punches it could not send', async () => {
    const { page, context } = await b.newPage();
    await startOut(['E1014']);
    await pairThisBrowser(page, 'Loading dock');
    await page.getByText(/^Last synced: (?!never)/).waitFor();
    await context.setOffline(true);
    await enterEmployee(page, 'E1014');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText('1 punch waiting to sync').waitFor();
    // A manager revokes the station while its punch waits.
    const db = createDatabase(inject('databaseUrl'));
    try {
      await db
        .updateTable('stations')
        .set({ revoked_at: new Date().toISOString() })
        .where('name', '=', 'Loading dock')
        .execute();
    } finally {
      await db.destroy();
    }
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'Set up this time station' }).waitFor({ timeout: 40_000 });
    await page.getByRole('alert').filter({ hasText: messages.clock.stationRevoked }).waitFor();
    expect(await page.getByTestId('lost-punches').textContent()).toMatch(/^E1014 · Clock In · /);
    await screenshot(page, 'station-revoked');
    expect(await punchesToday(['E1014'])).toHaveLength(0);
    // A reload of the tablet still lists them (read from its storage, not kept in the page).
    await page.reload();
    await page.getByRole('heading', { name: 'Set up this time station' }).waitFor();
    await page.getByRole('alert').filter({ hasText: messages.clock.stationRevoked }).waitFor();
    expect(await page.getByTestId('lost-punches').textContent()).toMatch(/^E1014 · Clock In · /);
    // Paired again, the tablet hands that punch over: made before the revoke, it is recorded as the old station's
    // (docs/RULES.md#revocations-while-offline).
    await pairThisBrowser(page, 'Loading dock 2');
    await page.getByTestId('handed-over').getByText(messages.clock.unsentApplied(1, 0)).waitFor();
    await screenshot(page, 'station-handed-over');
    expect(await punchesToday(['E1014'])).toHaveLength(1);
    // Handed over once: a reload neither lists it on the tablet again nor sends it twice.
    await page.reload();
    await page.getByRole('button', { name: 'Scan badge' }).waitFor();
    expect(await page.getByTestId('handed-over').count()).toBe(0);
    await context.close();

    // The new pairing's last sync found its clock an hour fast (docs/RULES.md#station-clock): Devices says so.
    const clockDb = createDatabase(inject('databaseUrl'));
    try {
      await clockDb
        .updateTable('stations')
        .set({ clock_offset: -3600, clock_offset_at: new Date().toISOString() })
        .where('name', '=', 'Loading dock 2')
        .execute();
    } finally {
      await clockDb.destroy();
    }
    // On a phone, the manager's Devices list shows the whole "Revoked" badge.
    const manager = await b.newPage();
    await manager.page.setViewportSize({ width: 390, height: 844 });
    await logIn(manager.page, DEMO_EMAIL, DEMO_PASSWORD);
    await manager.page.waitForURL(/\/HomeSecond$/);
    await manager.page.goto('/Device');
    const badge = manager.page
      .getByRole('row', { name: /Loading dock/ })
      .getByText('Revoked', { exact: true });
    await badge.waitFor();
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await manager.page
      .getByRole('row', { name: /Loading dock 2/ })
      .getByText(messages.clock.clockOff('1 h fast'))
      .waitFor();
    await screenshot(manager.page, 'devices-revoked-390');
    await manager.context.close();
  });
});
