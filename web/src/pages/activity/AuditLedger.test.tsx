import { AUDIT_TEXT, type AuditVerifyAnswer } from '@punchclock/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logInAs, renderPage } from '../../test/render';
import { AuditLedger, brokenLine } from './AuditLedger';

const HEAD = 'ab'.repeat(32);

function answering(status: number, body: unknown) {
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://localhost').pathname;
    return new Response(JSON.stringify(path === '/api/audit/verify' ? body : {}), {
      status: path === '/api/audit/verify' ? status : 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}
const when = (iso: string | null) => (iso ? `at ${iso}` : '');

describe('Audit ledger on Activity Logs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the ledger is intact, with its entries and head', async () => {
    logInAs('user');
    answering(200, { ok: true, entries: 1234, head: HEAD, first_broken: null } satisfies AuditVerifyAnswer);
    renderPage('/ActivityLogs', <AuditLedger when={when} />);
    expect(await screen.findByText(AUDIT_TEXT.ok)).toBeTruthy();
    expect(screen.getByText(`1,234 ${AUDIT_TEXT.entries} · head ${HEAD.slice(0, 16)}…`)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download ledger' })).toBeTruthy();
  });

  it('names the first broken entry, its row, time and why', async () => {
    logInAs('user');
    const broken: AuditVerifyAnswer = {
      ok: false,
      entries: 40,
      head: HEAD,
      first_broken: {
        entry: 12,
        table: 'punches',
        id: 34,
        at: '2026-11-20T09:00:00.000Z',
        reason: 'changed',
      },
    };
    answering(200, broken);
    renderPage('/ActivityLogs', <AuditLedger when={when} />);
    expect(await screen.findByText(AUDIT_TEXT.broken)).toBeTruthy();
    expect(
      screen.getByText(`Entry 12 · Punch 34 · at 2026-11-20T09:00:00.000Z: ${AUDIT_TEXT.reasons.changed}`),
    ).toBeTruthy();
  });

  it('shows nothing to someone the server refuses (403)', async () => {
    logInAs('user');
    answering(403, { message: AUDIT_TEXT.wholeAccount, code: 'forbidden' });
    renderPage('/ActivityLogs', <AuditLedger when={when} />);
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText(AUDIT_TEXT.ok)).toBeNull();
    expect(screen.queryByText(AUDIT_TEXT.broken)).toBeNull();
    expect(document.body.textContent ?? '').not.toContain(AUDIT_TEXT.failed);
  });

  it('words a row no entry seals without an entry number', () => {
    expect(
      brokenLine({ entry: null, table: 'activity_logs', id: 7, at: null, reason: 'inserted' }, when),
    ).toBe(`Activity entry 7: ${AUDIT_TEXT.reasons.inserted}`);
  });
});
