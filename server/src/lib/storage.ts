import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Files under DATA_DIR/uploads/<area>/ with unguessable names; the name is the only thing stored. */
export function fileStore(dataDir: string, area: string) {
  const dir = join(dataDir, 'uploads', area);
  return {
    dir,
    async save(bytes: Buffer, ext: string): Promise<string> {
      await mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await writeFile(join(dir, name), bytes);
      return name;
    },
    async remove(name: string | null): Promise<void> {
      if (name && /^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name)) await rm(join(dir, name), { force: true });
    },
    isValidName: (name: string) => /^[a-f0-9]{32}\.[a-z]{3,4}$/.test(name),
  };
}
