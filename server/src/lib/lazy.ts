import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded on first use instead of at start (issue 11: start to healthy). For packages only some requests
 * or some configurations need (PDF and spreadsheet libraries, the PostgreSQL and Redis clients).
 */
export function lazy<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
