import { describe, expect, it } from 'vitest';
import { useTestApp } from './helper';

const t = useTestApp();

type Doc = {
  security?: unknown[];
  paths: Record<string, Record<string, { security?: unknown[] }>>;
};

describe('OpenAPI security', () => {
  it('marks the calls made before signing in as public and the rest as needing a token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
    expect(doc.security).toEqual([{ bearer: [] }]);
    for (const path of [
      '/api/register',
      '/api/login',
      '/api/forgot-password',
      '/password-update',
      '/api/password-update',
      '/api/health',
    ]) {
      expect(doc.paths[path]?.post ?? doc.paths[path]?.get, path).toBeDefined();
      expect((doc.paths[path].post ?? doc.paths[path].get).security, path).toEqual([]);
    }
    for (const path of ['/api/logout', '/api/change-password']) {
      expect(doc.paths[path].post.security, path).toBeUndefined();
    }
  });
});
