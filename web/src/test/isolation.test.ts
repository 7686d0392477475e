import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web units share a module graph a worker (vitest.config.ts, isolate false), so a file that replaces a module
 * with vi.mock must be listed in MOCKING, which runs those files isolated: this fails when one is not.
 */
const web = resolve(import.meta.dirname, '../..');
const config = readFileSync(join(web, 'vitest.config.ts'), 'utf8');
const start = config.indexOf('const MOCKING');
const listed = [...config.slice(start, config.indexOf('];', start)).matchAll(/'(src\/[^']+)'/g)].map(
  (m) => m[1],
);
const asPattern = (glob: string) => new RegExp(`^${glob.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? testFiles(join(dir, e.name))
      : /\.test\.tsx?$/.test(e.name)
        ? [relative(web, join(dir, e.name))]
        : [],
  );
}

describe('the web units that mock modules', () => {
  it('run isolated: every file calling vi.mock is in vitest.config.ts MOCKING', () => {
    const mocking = testFiles(join(web, 'src')).filter((f) =>
      /\bvi\.(do)?[mM]ock\(/.test(readFileSync(join(web, f), 'utf8')),
    );
    expect(mocking.length).toBeGreaterThan(0);
    const unlisted = mocking.filter((f) => !listed.some((glob) => asPattern(glob).test(f)));
    expect(unlisted).toEqual([]);
  });
});
