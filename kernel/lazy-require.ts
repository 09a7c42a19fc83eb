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

/**
 * An ES module loaded the first time it is asked for, and the same promise handed out after: for a
 * module on a hot path (the storefront's theme engine, asked for by every page it renders), where an
 * `import()` of its own each time would go through the module loader's resolution again.
 *
 *   const themeEngine = lazyImport(() => import('./theme-engine.ts'));
 *   const { renderThemeFile } = await themeEngine();
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
