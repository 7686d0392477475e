import { messages } from '@punchclock/contract';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../server/src/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/src/demo/demo-data';
import { signBadge } from '../../server/src/lib/badges';
import { writeQrVideo } from './badge-video';
import { E2E_SECRET } from './server-process';
import { logIn, screenshot, useBrowser } from './support';

const video = join(mkdtempSync(join(tmpdir(), 'punchclock-badge-')), 'badge.y4m');
let employee = { name: '', ref: 0 };

// Registered before the browser starts: the fake camera needs its video file at launch.
beforeAll(async () => {
  const db = createDatabase(inject('databaseUrl'));
  try {
    const e = await db
      .selectFrom('employees')
      .select(['id', 'account_id', 'name', 'badge_version'])
      .where('employee_id', '=', 'E1007')
      .executeTakeFirstOrThrow();
    employee = { name: e.name, ref: e.id };
    // The demo is alive: seeded on a weekday during work hours, E1007 is in since this morning. The journey
    // clocks them in by badge, so it starts them out (their shift ends now).
    await db
      .updateTable('punches')
      .set({ time_out: new Date().toISOString() })
      .where('employee_ref', '=', e.id)
      .where('time_out', 'is', null)
      .execute();
    writeQrVideo(
      video,
      signBadge(E2E_SECRET, { accountId: e.account_id, employeeRef: e.id, version: e.badge_version }),
    );
  } finally {
    await db.destroy();
  }
});
const b = useBrowser([
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-video-capture=${video}`,
]);

describe('badge scanning', () => {
  it('clocks an employee in by showing their badge QR to the camera, with no PIN', async () => {
    const { page, context } = await b.newPage({ permissions: ['camera'] });
    await logIn(page, DEMO_EMAIL, DEMO_PASSWORD);
    await page.waitForURL(/\/HomeSecond$/);
    await page.goto('/Device');
    await page.getByRole('button', { name: 'Add station' }).click();
    await page.getByLabel('Station name').fill('Badge reader');
    await page.getByLabel('This browser').check();
    await page.getByRole('button', { name: 'Add station' }).last().click();
    await page.waitForURL(/\/Station$/);

    await page.getByRole('button', { name: 'Scan badge' }).click();
    await page.getByText(employee.name).waitFor({ timeout: 20_000 });
    // The field shows the Employee ID, not the badge's token.
    expect(await page.getByLabel('Employee ID').inputValue()).toBe('E1007');
    await screenshot(page, 'station-badge-scanned');
    await page.getByRole('button', { name: 'Clock In' }).click();
    await page.getByText(messages.clock.clockedIn).waitFor();

    const db = createDatabase(inject('databaseUrl'));
    try {
      const open = await db
        .selectFrom('punches')
        .select(['id', 'station_id'])
        .where('employee_ref', '=', employee.ref)
        .where('time_out', 'is', null)
        .execute();
      expect(open).toHaveLength(1);
      expect(open[0].station_id).not.toBeNull();
    } finally {
      await db.destroy();
    }
    await context.close();
  });
});
