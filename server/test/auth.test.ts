import { createHmac } from 'node:crypto';
import { messages } from '@punchclock/contract';
import { describe, expect, it } from 'vitest';
import { json, lastLinkTo, registration, signUp, useTestApp } from './helper';

const t = useTestApp({ LOGIN_RATE_LIMIT: '5' });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('register', () => {
  it('creates an account and answers a working token', async () => {
    const body = registration();
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      message: messages.registration.success,
      user_type: 'user',
      username: body.username,
    });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/get-user',
      headers: { authorization: `Bearer ${json(res).access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      name: body.name,
      email: body.email,
      phone_number: body.phone_number,
      date_of_birth: body.date_of_birth,
      user_type: 'user',
    });
  });

  it('refuses a second account with the same e-mail or username, whatever the letter case', async () => {
    const first = registration();
    await post('/api/register', first);
    const sameEmail = await post('/api/register', registration({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(json(sameEmail).message).toBe(messages.registration.emailTaken);
    expect(json(sameEmail).code).toBe('registration.email_taken');
    const sameUsername = await post('/api/register', registration({ username: first.username }));
    expect(sameUsername.statusCode).toBe(409);
    expect(json(sameUsername).message).toBe(messages.registration.usernameTaken);
    expect(json(sameUsername).code).toBe('registration.username_taken');
  });

  it.each([
    ['missing fields', {}, 'Full Name is required.'],
    [
      'mismatched passwords',
      registration({ password_confirmation: 'something else 1' }),
      messages.registration.passwordsMismatch,
    ],
    ['terms not accepted', registration({ terms: false }), messages.registration.termsRequired],
    [
      'a short password',
      registration({ password: 'short', password_confirmation: 'short' }),
      messages.passwords.tooShort,
    ],
    ['a bad e-mail', registration({ email: 'not-an-email' }), 'Please enter a valid email address.'],
    [
      'a future date of birth',
      registration({ date_of_birth: '2999-01-01' }),
      'Date of Birth must be a past date.',
    ],
    [
      'an impossible date',
      registration({ date_of_birth: '2001-02-30' }),
      'Date is not a real calendar date.',
    ],
    ['a name of the wrong type', registration({ name: 42 }), 'Full Name must be text.'],
    [
      'an oversized name',
      registration({ name: 'x'.repeat(5000) }),
      'Full Name must be at most 100 characters.',
    ],
    [
      'a username with markup',
      registration({ username: '<script>' }),
      'Username may only contain letters, digits, dots, dashes and underscores.',
    ],
  ])('answers 400 with a clear message for %s, and creates nothing', async (_case, body, message) => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/register', body);
    expect(res.statusCode).toBe(400);
    expect(json(res).message).toContain(message);
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 400 for malformed JSON and 413 for an oversized body', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toBe(messages.general.malformedJson);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toBe(messages.general.tooLarge);
  });
});

describe('login and logout', () => {
  it('answers every field of the spec login answer', async () => {
    const s = await signUp(t.app);
    const res = await post('/api/login', { email: s.email, password: s.password });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      message: messages.login.success,
      user_type: 'user',
      user_id: s.userId,
      employee_id: null,
      emp_id: null,
    });
    expect(typeof json(res).access_token).toBe('string');
    expect(typeof json(res).username).toBe('string');
  });

  it('refuses a wrong password and an unknown e-mail with the same message', async () => {
    const s = await signUp(t.app);
    const wrong = await post('/api/login', { email: s.email, password: 'wrong password' });
    const unknown = await post('/api/login', {
      email: `nobody-${s.userId}@example.com`,
      password: 'wrong password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong).message).toBe(messages.login.invalidCredentials);
    expect(json(unknown).message).toBe(messages.login.invalidCredentials);
  });

  it('rate-limits guessing per IP and e-mail with a 429 and a clear message', async () => {
    const s = await signUp(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++)
      codes.push((await post('/api/login', { email: s.email, password: `guess ${i}` })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const limited = await post('/api/login', { email: s.email, password: s.password });
    expect(limited.statusCode).toBe(429);
    expect(json(limited).message).toBe(messages.login.tooManyAttempts);
    // Another e-mail from the same address is not locked out by it.
    const other = await signUp(t.app);
    expect((await post('/api/login', { email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('revokes the token on logout; the raw token is accepted as well as Bearer', async () => {
    const s = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user', headers: { authorization: s.token } }))
        .statusCode,
    ).toBe(200);
    const out = await post('/api/logout', {}, { authorization: s.token });
    expect(out.statusCode).toBe(200);
    expect(json(out).message).toBe(messages.logout.success);
    const after = await t.app.inject({ method: 'GET', url: '/api/get-user', headers: s.auth });
    expect(after.statusCode).toBe(401);
    expect((await post('/api/logout', {}, s.auth)).statusCode).toBe(401);
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer not-a-token' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['an oversized token', { authorization: `Bearer ${'a'.repeat(5000)}` }],
  ])('answers 401 with a message for %s', async (_c, headers) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/get-user', headers });
    expect(res.statusCode).toBe(401);
    expect(json(res).message).toBe(messages.general.unauthorized);
  });
});

describe('forgot password and the signed link', () => {
  it('answers the same whether or not the e-mail exists, and mails only a real one', async () => {
    const s = await signUp(t.app);
    const known = await post('/api/forgot-password', { email: s.email });
    const unknown = await post('/api/forgot-password', { email: `ghost-${s.userId}@example.com` });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(t.outbox().some((m) => m.includes(`ghost-${s.userId}@example.com`))).toBe(false);
    expect(lastLinkTo(t, s.email)).toContain('/ResetPassword?');
  });

  it('sets a new password once; the link then fails, as do edited or expired links', async () => {
    const s = await signUp(t.app);
    await post('/api/forgot-password', { email: s.email });
    const link = new URL(lastLinkTo(t, s.email));
    const q = Object.fromEntries(link.searchParams);
    const body = { ...q, password: 'brand new pass 9', password_confirmation: 'brand new pass 9' };

    const otherEmail = await post('/password-update', { ...body, email: `x${s.email}` });
    expect(otherEmail.statusCode).toBe(422);
    expect(json(otherEmail).message).toBe(messages.passwords.linkInvalid);
    const longerExpiry = await post('/password-update', { ...body, expires: Number(q.expires) + 3600 });
    expect(longerExpiry.statusCode).toBe(422);

    const ok = await post('/password-update', body);
    expect(ok.statusCode).toBe(200);
    expect(json(ok).message).toBe(messages.passwords.updated);
    expect((await post('/api/login', { email: s.email, password: 'brand new pass 9' })).statusCode).toBe(200);
    expect((await post('/api/login', { email: s.email, password: s.password })).statusCode).toBe(401);
    // The sign-up session ended with the new password.
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user', headers: s.auth })).statusCode).toBe(
      401,
    );

    const again = await post('/password-update', {
      ...body,
      password: 'third password 9',
      password_confirmation: 'third password 9',
    });
    expect(again.statusCode).toBe(422);
    expect(json(again).message).toBe(messages.passwords.linkUsed);
  });

  it('refuses a correctly signed link whose time has passed', async () => {
    const s = await signUp(t.app);
    const expires = Math.floor(Date.now() / 1000) - 60;
    const signature = createHmac('sha256', 'test-secret')
      .update(['password-link', s.email, 'sometoken', expires].join('\n'))
      .digest('hex');
    const res = await post('/password-update', {
      email: s.email,
      token: 'sometoken',
      expires,
      signature,
      password: 'brand new pass 9',
      password_confirmation: 'brand new pass 9',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).message).toBe(messages.passwords.linkExpired);
  });

  it('rejects a bad body before looking at the link', async () => {
    const res = await post('/password-update', {
      email: 'a@b.co',
      token: 't',
      expires: 'soon',
      signature: 's',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('change password', () => {
  it('checks the current password, length and confirmation, then ends other sessions', async () => {
    const s = await signUp(t.app);
    const other = json(await post('/api/login', { email: s.email, password: s.password }))
      .access_token as string;
    const change = (b: object) => post('/api/change-password', { user_id: s.userId, ...b }, s.auth);

    const wrong = await change({
      current_password: 'nope nope',
      new_password: 'new password 1',
      new_password_confirmation: 'new password 1',
    });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).message).toBe(messages.passwords.currentWrong);
    const short = await change({
      current_password: s.password,
      new_password: 'short',
      new_password_confirmation: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(json(short).message).toBe(messages.passwords.tooShort);
    const mismatch = await change({
      current_password: s.password,
      new_password: 'new password 1',
      new_password_confirmation: 'new password 2',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(json(mismatch).message).toBe(messages.passwords.newMismatch);
    // The same password again changes nothing: refused, and the other session lives on.
    const same = await change({
      current_password: s.password,
      new_password: s.password,
      new_password_confirmation: s.password,
    });
    expect(same.statusCode).toBe(422);
    expect(json(same)).toMatchObject({
      message: messages.passwords.sameAsCurrent,
      errors: { new_password: [messages.passwords.sameAsCurrent] },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user', headers: { authorization: other } }))
        .statusCode,
    ).toBe(200);

    const ok = await change({
      current_password: s.password,
      new_password: 'new password 1',
      new_password_confirmation: 'new password 1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/get-user', headers: s.auth })).statusCode).toBe(
      200,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/get-user', headers: { authorization: other } }))
        .statusCode,
    ).toBe(401);
    expect((await post('/api/login', { email: s.email, password: 'new password 1' })).statusCode).toBe(200);
  });

  it("answers 404 for another account's user_id and changes nothing", async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await post(
      '/api/change-password',
      {
        user_id: b.userId,
        current_password: a.password,
        new_password: 'new password 1',
        new_password_confirmation: 'new password 1',
      },
      a.auth,
    );
    expect(res.statusCode).toBe(404);
    expect((await post('/api/login', { email: a.email, password: a.password })).statusCode).toBe(200);
  });
});

describe('profile picture and QR code', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const multipart = (file: Buffer, filename: string, fields: Record<string, string> = {}) => {
    const boundary = '----punchclocktest';
    const parts = Object.entries(fields).map(
      ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  };

  it('stores an image checked by its content and serves it back', async () => {
    const s = await signUp(t.app);
    const body = multipart(png, 'me.png', { user_id: String(s.userId) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile',
      payload: body.payload,
      headers: { ...body.headers, ...s.auth },
    });
    expect(res.statusCode).toBe(200);
    const url = json(res).profile_image_url as string;
    const pic = await post('/api/get-profile-picture', { user_id: s.userId }, s.auth);
    expect(json(pic)).toEqual({ profile_picture_url: url, profile_image_url: url });
    const img = await t.app.inject({ method: 'GET', url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['a text file named .png', Buffer.from('hello, I am not an image'), 422, messages.profile.notImage],
    [
      'an image over 2 MB',
      Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 10)]),
      413,
      messages.profile.tooLarge,
    ],
    ['an empty file', Buffer.alloc(0), 400, messages.profile.selectImage],
  ])('refuses %s', async (_c, file, status, message) => {
    const s = await signUp(t.app);
    const body = multipart(file, 'me.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload-profile',
      payload: body.payload,
      headers: { ...body.headers, ...s.auth },
    });
    expect(res.statusCode).toBe(status);
    expect(json(res).message).toBe(message);
    expect(json(await post('/api/get-profile-picture', {}, s.auth)).profile_image_url).toBeNull();
  });

  it('answers a base64 SVG QR code for the caller, and 404 for another user_id', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const res = await post('/api/generate-qr-code', { user_id: a.userId }, a.auth);
    expect(res.statusCode).toBe(200);
    expect(json(res).qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await post('/api/generate-qr-code', { user_id: b.userId }, a.auth)).statusCode).toBe(404);
    expect((await post('/api/generate-qr-code', {})).statusCode).toBe(401);
  });
});

describe('health, docs and routing', () => {
  it('reports health with the database in use', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      status: 'ok',
      database: process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite',
    });
  });

  it('documents every spec call of this module in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    for (const p of [
      '/api/login',
      '/api/register',
      '/api/logout',
      '/api/forgot-password',
      '/password-update',
      '/api/change-password',
      '/api/get-user',
      '/api/get-profile-picture',
      '/api/upload-profile',
      '/api/generate-qr-code',
      '/api/health',
    ]) {
      expect(doc.paths).toHaveProperty([p]);
    }
  });

  it('answers JSON 404 for unknown API paths and 404 for unknown pages', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(json(api).message).toBe(messages.general.notFound);
    expect(
      (await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { accept: 'text/html' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/pricing', headers: { accept: 'text/html' } })).statusCode,
    ).toBe(200);
  });
});
