import path from 'node:path';
import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const KERNEL_DIR = path.dirname(fileURLToPath(import.meta.url));
// `storekeep serve` runs the compiled copy in dist/ when it is current (bin/storekeep.mjs); the other
// commands, the tests and a stale build run the TypeScript through tsx.
const RUNNING_COMPILED = import.meta.url.endsWith('.js');
let registered = false;

/**
 * Prepares this process to import plugins installed from a folder or as npm packages, before the first
 * of them is imported; later calls do nothing. Built-in plugins need none of it, so a store without
 * such plugins starts no module loader thread at all.
 *
 * - Every import of `@storekeep-commerce/sdk` (and its subpaths) resolves to the store's own
 *   packages/sdk (the compiled one when the kernel runs compiled), so a plugin with a nested copy of
 *   the SDK still runs on this store's kernel: one definePlugin, one set of error classes and hooks.
 * - When the kernel runs compiled, TypeScript is made loadable (tsx), since a plugin may ship .ts.
 */
export async function preparePluginImports(): Promise<void> {
  if (registered) return;
  registered = true;
  if (RUNNING_COMPILED) (await import('tsx/esm/api')).register();
  // Registered after tsx, so it runs first and hands tsx the store's SDK file to compile.
  register(pathToFileURL(path.join(KERNEL_DIR, 'sdk-resolve-hook.mjs')), {
    data: { sdkPackageUrl: pathToFileURL(path.join(KERNEL_DIR, '..', 'packages', 'sdk', 'package.json')).href },
  });
}
