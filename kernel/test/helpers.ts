import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { startTestStore, type TestStore, type TestStoreOptions } from '../../test/helpers/store.ts';

export const EXAMPLES = 'examples/hello-plugin,examples/hello-shout';

// Kernel tests prove the kernel alone: the built-in plugins (written and tested on their own) stay out.
const NO_BUILT_INS = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-no-built-ins-'));
process.on('exit', () => fs.rmSync(NO_BUILT_INS, { recursive: true, force: true }));

/** A test store with only the kernel and the plugins named in `env.PLUGINS`. */
export function kernelStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  return startTestStore({ builtInDir: NO_BUILT_INS, ...opts });
}

/** A test store with the two example plugins loaded through PLUGINS, as an operator would. */
export function exampleStore(opts: TestStoreOptions = {}): Promise<TestStore> {
  return kernelStore({ ...opts, env: { PLUGINS: EXAMPLES, ...opts.env } });
}

const KERNEL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The kernel's module URL for throwaway plugins written into temp folders (`plugin.ts`, `http/errors.ts`). */
export function kernelModule(file: string): string {
  return pathToFileURL(path.join(KERNEL_DIR, file)).href;
}

/**
 * Writes throwaway plugin folders into a fresh temp dir: name → index.ts source (and optional extra
 * files). Returns the folder of each, for PLUGINS.
 */
export function writePlugins(plugins: Record<string, string | Record<string, string>>): { root: string; dirs: Record<string, string>; remove: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-plugins-'));
  const dirs: Record<string, string> = {};
  for (const [folder, content] of Object.entries(plugins)) {
    const dir = path.join(root, folder);
    const given = typeof content === 'string' ? { 'index.ts': content } : content;
    // Outside the repository a .ts file is CommonJS unless its package says otherwise, as a real plugin's does.
    const files = { 'package.json': JSON.stringify({ name: `storekeep-plugin-${folder}`, type: 'module', main: 'index.ts' }), ...given };
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    dirs[folder] = dir;
  }
  return { root, dirs, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** Source of a minimal plugin: `definePlugin({name, dependsOn, register})` with `body` as register's body. */
export function pluginSource(name: string, opts: { dependsOn?: string[]; body?: string; imports?: string } = {}): string {
  return `import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
${opts.imports ?? ''}
export default definePlugin({
  name: ${JSON.stringify(name)},
  version: '0.0.1',
  dependsOn: ${JSON.stringify(opts.dependsOn ?? [])},
  async register(ctx) {
    ${opts.body ?? ''}
  },
});
`;
}

/** POSTs JSON to a store through inject. */
export function postJson(store: TestStore, url: string, body: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return store.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify(body) });
}

/** Asserts nothing in a response body looks like a stack trace or an internal message. */
export function hasStackTrace(text: string): boolean {
  return /\bat .+\(.+:\d+:\d+\)|\n\s+at |node:internal|\.ts:\d+/.test(text);
}
