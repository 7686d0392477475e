import { messages } from '@punchclock/contract';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { session } from '../session/session';
import { fakeFetch } from '../test/render';
import { ApiError, fieldErrors, messageOf, request } from './client';
import { downloadFile } from './download';
import { fetchEarly } from './early';

describe('API client', () => {
  it('sends the stored token as a Bearer header', async () => {
    const api = fakeFetch({ body: { ok: true } });
    vi.stubGlobal('fetch', api.fetch);
    localStorage.setItem('token', 'abc');
    await request('/api/get-user');
    expect(new Headers(api.calls[0].init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it('turns the server error body into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({
        status: 422,
        body: {
          message: 'The current password is incorrect.',
          errors: { current_password: ['The current password is incorrect.'] },
        },
      }).fetch,
    );
    const error = await request('/api/change-password', { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect(messageOf(error, 'fallback')).toBe('The current password is incorrect.');
    expect(fieldErrors(error)).toEqual({ current_password: 'The current password is incorrect.' });
  });

  it('uses the screen fallback when the server sent no message', async () => {
    vi.stubGlobal('fetch', fakeFetch({ status: 502 }).fetch);
    const error = await request('/api/get-user').catch((e: unknown) => e);
    expect(messageOf(error, messages.passwords.changeFailed)).toBe(messages.passwords.changeFailed);
  });

  it('reports a network failure in words', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await request('/api/get-user').catch((e: unknown) => e);
    expect(messageOf(error, 'fallback')).toBe(messages.general.networkError);
  });

  it('ends the session on a 401 of a call that carried the token', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ status: 401, body: { message: messages.general.unauthorized } }).fetch,
    );
    session.start({ access_token: 'old', user_type: 'user', user_id: 1, email: 'a@b.co', username: 'a' });
    await request('/api/get-user').catch(() => undefined);
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.get().token).toBeNull();
  });

  it('keeps the error code of a refused download', async () => {
    vi.stubGlobal(
      'fetch',
      fakeFetch({ status: 403, body: { message: 'No.', code: 'auth.forbidden' } }).fetch,
    );
    const error = await downloadFile('/api/files/1', 'file.pdf').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('auth.forbidden');
    expect(messageOf(error, 'fallback')).toBe('No.');
  });

  it('takes the answer of a GET started early for the same token once, then asks again', async () => {
    const api = fakeFetch({ body: { n: 1 } }, { body: { n: 2 } });
    vi.stubGlobal('fetch', api.fetch);
    localStorage.setItem('token', 'abc');
    fetchEarly(['/api/dashboard'], 'abc');
    expect(await request('/api/dashboard')).toEqual({ n: 1 });
    expect(await request('/api/dashboard')).toEqual({ n: 2 });
    expect(api.calls.map((c) => c.url)).toEqual(['/api/dashboard', '/api/dashboard']);
    expect(new Headers(api.calls[0].init.headers).get('Authorization')).toBe('Bearer abc');
  });

  it("takes the calls index.html's preload script started before the entry loaded (GET and picture POST), once", async () => {
    const api = fakeFetch({ body: { n: 'late' } }, { body: { n: 'late' } });
    vi.stubGlobal('fetch', api.fetch);
    localStorage.setItem('token', 'abc');
    const answer = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body)));
    // The inline script ran while the document was parsed, before any module.
    window.__punchclockCalls = {
      token: 'abc',
      at: Date.now(),
      calls: {
        '/api/dashboard': answer({ n: 'early' }),
        'POST /api/get-profile-picture {"user_id":7}': answer({ p: 'early' }),
      },
    };
    onTestFinished(() => void delete window.__punchclockCalls);
    // The router's own early start leaves the script's calls to it.
    fetchEarly(['/api/dashboard'], 'abc');
    expect(api.calls).toEqual([]);
    expect(await request('/api/dashboard')).toEqual({ n: 'early' });
    expect(await request('/api/get-profile-picture', { method: 'POST', body: { user_id: 7 } })).toEqual({
      p: 'early',
    });
    expect(api.calls).toEqual([]);
    expect(await request('/api/dashboard')).toEqual({ n: 'late' });
    expect(await request('/api/get-profile-picture', { method: 'POST', body: { user_id: 7 } })).toEqual({
      n: 'late',
    });
  });

  it("starts its own call when the preload script's was made with another token", async () => {
    const api = fakeFetch({ body: { who: 'new' } });
    vi.stubGlobal('fetch', api.fetch);
    window.__punchclockCalls = {
      token: 'old',
      at: Date.now(),
      calls: { '/api/get-user': new Promise(() => {}) },
    };
    onTestFinished(() => void delete window.__punchclockCalls);
    localStorage.setItem('token', 'new');
    fetchEarly(['/api/get-user'], 'new');
    expect(api.calls.map((c) => c.url)).toEqual(['/api/get-user']);
    expect(await request('/api/get-user')).toEqual({ who: 'new' });
    expect(api.calls).toHaveLength(1);
  });

  it('does not use an early answer made with another token', async () => {
    const api = fakeFetch({ body: { who: 'old' } }, { body: { who: 'new' } });
    vi.stubGlobal('fetch', api.fetch);
    fetchEarly(['/api/get-user'], 'old');
    localStorage.setItem('token', 'new');
    expect(await request('/api/get-user')).toEqual({ who: 'new' });
    expect(new Headers(api.calls[1].init.headers).get('Authorization')).toBe('Bearer new');
  });
});
