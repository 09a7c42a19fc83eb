import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used instead of when the store starts: a package a
 * store may never call (undici for webhooks, sanitize-html for page writes) then takes no memory in
 * a store that does not (each holds 2–5 MiB of heap once loaded: its sources and their code).
 *
 *   const undici = lazyRequire<typeof import('undici')>('undici');
 *   undici().request(...)
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
