import type { TestProject } from 'vitest/node';
import { pgAdmin, startServer } from './server-process';

export default async function setup(project: TestProject) {
  const dialect = project.config.env?.E2E_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
  const server = await startServer({ dialect, demo: true });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);
  project.provide('databaseUrl', server.databaseUrl);
  return async () => {
    await server.stop();
    if (dialect === 'postgres') {
      const name = new URL(server.databaseUrl).pathname.slice(1);
      await pgAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseUrl: string;
  }
}
