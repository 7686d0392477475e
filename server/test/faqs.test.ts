import { FAQ_MAX_PER_ACCOUNT, type FaqView, faqMatches, messages } from '@punchclock/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, createAccount, createEmployeeLogin, createStation } from './factories';
import { useTestApp } from './helper';

const t = useTestApp();

let a: Account;
let b: Account;
let employeeA: { authorization: string };
let employeeB: { authorization: string };

beforeAll(async () => {
  a = await createAccount(t);
  b = await createAccount(t);
  employeeA = (await createEmployeeLogin(t, a)).auth;
  employeeB = (await createEmployeeLogin(t, b)).auth;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: headers as Record<string, string>, payload });

async function addFaq(owner: Account, body: Record<string, unknown>) {
  const res = await call('POST', '/api/faqs', owner.auth, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; topic: string; question: string; answer: string };
}

describe('FAQs', () => {
  it('a manager adds, edits and deletes a FAQ, with messages and activity entries', async () => {
    const created = await call('POST', '/api/faqs', a.auth, {
      question: '  How do I fix a missed punch?  ',
      answer: 'Ask your manager to add it on Manual Punch.',
      topic: 'Punches',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      message: messages.faq.created,
      data: { question: 'How do I fix a missed punch?', topic: 'Punches' },
    });
    const id = created.json().data.id as number;

    const updated = await call('PUT', `/api/faqs/${id}`, a.auth, {
      question: 'How do I fix a forgotten punch?',
      answer: 'Your manager adds it.',
      topic: 'Time',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      message: messages.faq.updated,
      data: {
        id,
        question: 'How do I fix a forgotten punch?',
        answer: 'Your manager adds it.',
        topic: 'Time',
      },
    });

    const list = await call('GET', '/api/faqs', a.auth);
    expect(list.json().data.map((f: { id: number }) => f.id)).toContain(id);

    const removed = await call('DELETE', `/api/faqs/${id}`, a.auth);
    expect(removed.json()).toEqual({ message: messages.faq.deleted });
    expect((await call('DELETE', `/api/faqs/${id}`, a.auth)).statusCode).toBe(404);

    const actions = await t.db
      .selectFrom('activity_logs')
      .select('action')
      .where('account_id', '=', a.accountId)
      .where('action', 'like', 'faq.%')
      .orderBy('id')
      .execute();
    expect(actions.map((r) => r.action)).toEqual(['faq.created', 'faq.updated', 'faq.deleted']);
  });

  it("a FAQ without a topic is under 'General'; GET /faqs and GET /api/faqs answer the same list by topic", async () => {
    const own = await createAccount(t);
    await addFaq(own, { question: 'Zeta?', answer: 'z', topic: 'Billing' });
    await addFaq(own, { question: 'Alpha?', answer: 'a' });
    const bare = await call('GET', '/faqs', own.auth);
    const api = await call('GET', '/api/faqs', own.auth);
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual(api.json());
    expect(bare.json().data.map((f: { topic: string; question: string }) => [f.topic, f.question])).toEqual([
      ['Billing', 'Zeta?'],
      ['General', 'Alpha?'],
    ]);
  });

  it('the Support Center search finds stored FAQs whatever the accents and letter case, in the account only', async () => {
    const [mine, theirs] = [await createAccount(t), await createAccount(t)];
    // "café" typed as one letter, "Résumé" with combining accents (e + U+0301).
    await addFaq(mine, { question: 'Is the café open on Sundays?', answer: 'From 9 to 5.', topic: 'Breaks' });
    await addFaq(mine, {
      question: 'Where is my Re\u0301sume\u0301?',
      answer: 'Under Profile.',
      topic: 'Naïve',
    });
    await addFaq(theirs, { question: 'Their cafe rules', answer: 'Closed.' });
    const listed = (await call('GET', '/api/faqs', mine.auth)).json().data as FaqView[];
    const found = (search: string) => listed.filter((f) => faqMatches(f, search)).map((f) => f.question);
    expect(found('cafe')).toEqual(['Is the café open on Sundays?']);
    expect(found('CAFÉ sundays')).toEqual(['Is the café open on Sundays?']);
    expect(found('résumé')).toEqual(['Where is my Re\u0301sume\u0301?']);
    expect(found('resume naive')).toEqual(['Where is my Re\u0301sume\u0301?']);
    expect(found('cafe closed')).toEqual([]);
  });

  it("the account's employees read its FAQs and nobody else's; they cannot write", async () => {
    const faq = await addFaq(a, { question: 'Where is the break room?', answer: 'Second floor.' });
    const seen = await call('GET', '/api/faqs', employeeA);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.some((f: { id: number }) => f.id === faq.id)).toBe(true);

    const other = await call('GET', '/api/faqs', employeeB);
    expect(other.json().data.some((f: { id: number }) => f.id === faq.id)).toBe(false);
    const otherManager = await call('GET', '/faqs', b.auth);
    expect(otherManager.json().data.some((f: { id: number }) => f.id === faq.id)).toBe(false);

    const body = { question: 'Q?', answer: 'A.' };
    expect((await call('POST', '/api/faqs', employeeA, body)).statusCode).toBe(403);
    expect((await call('PUT', `/api/faqs/${faq.id}`, employeeA, body)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/faqs/${faq.id}`, employeeA)).statusCode).toBe(403);
  });

  it("another account's FAQ ids answer 404 and stay unchanged", async () => {
    const faq = await addFaq(a, { question: 'Secret?', answer: 'Only for A.' });
    const body = { question: 'Hijacked?', answer: 'B was here.' };
    const put = await call('PUT', `/api/faqs/${faq.id}`, b.auth, body);
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(messages.faq.notFound);
    expect((await call('DELETE', `/api/faqs/${faq.id}`, b.auth)).statusCode).toBe(404);
    const row = await t.db.selectFrom('faqs').selectAll().where('id', '=', faq.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: a.accountId, question: 'Secret?', answer: 'Only for A.' });
  });

  it('refuses missing, empty, oversized and hostile input with a message, never a 500', async () => {
    const cases: [object, string | RegExp][] = [
      [{ answer: 'a' }, 'Question is required.'],
      [{ question: '   ', answer: 'a' }, 'Question is required.'],
      [{ question: 'q', answer: '' }, 'Answer is required.'],
      [{ question: 'q'.repeat(301), answer: 'a' }, 'Question must be at most 300 characters.'],
      [{ question: 'q', answer: 'a'.repeat(5001) }, 'Answer must be at most 5000 characters.'],
      [{ question: 'q', answer: 'a', topic: 't'.repeat(61) }, 'Topic must be at most 60 characters.'],
      [{ question: 'q\u0000', answer: 'a' }, /must not contain control characters/],
      [{ question: 42, answer: 'a' }, 'Question must be text.'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/faqs', a.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('PUT', '/api/faqs/abc', a.auth, { question: 'q', answer: 'a' })).statusCode).toBe(400);
    expect(
      (await call('PUT', '/api/faqs/99999999999', a.auth, { question: 'q', answer: 'a' })).statusCode,
    ).toBe(400);
    expect((await call('PUT', '/api/faqs/999999', a.auth, { question: 'q', answer: 'a' })).statusCode).toBe(
      404,
    );
    // Markup is kept as text (the web shows it as text, never as HTML).
    const html = await addFaq(a, { question: '<script>alert(1)</script>?', answer: '<b>bold</b>' });
    expect(html.question).toBe('<script>alert(1)</script>?');
  });

  it('needs a login: no token, a station token or a bad token answer 401', async () => {
    const station = await createStation(t, a, 'Door');
    for (const headers of [
      {},
      { authorization: `Station ${station.token}` },
      { authorization: 'Bearer nope' },
    ]) {
      expect((await call('GET', '/api/faqs', headers)).statusCode).toBe(401);
      expect((await call('POST', '/api/faqs', headers, { question: 'q', answer: 'a' })).statusCode).toBe(401);
    }
  });

  it(`keeps at most ${FAQ_MAX_PER_ACCOUNT} FAQs an account`, async () => {
    const full = await createAccount(t);
    const at = new Date().toISOString();
    await t.db
      .insertInto('faqs')
      .values(
        Array.from({ length: FAQ_MAX_PER_ACCOUNT }, (_, i) => ({
          account_id: full.accountId,
          topic: 'Bulk',
          question: `Q${i}?`,
          answer: 'A.',
          created_at: at,
          updated_at: at,
        })),
      )
      .execute();
    const res = await call('POST', '/api/faqs', full.auth, { question: 'One more?', answer: 'No.' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(messages.faq.tooMany(FAQ_MAX_PER_ACCOUNT));
  });
});
