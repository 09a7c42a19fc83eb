import path from 'node:path';
import { register } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const KERNEL_DIR = path.dirname(fileURLToPath(import.meta.url));
let registered = false;

/**
 * Makes every import of `@storekeep-commerce/sdk` (and its subpaths) in this process resolve to the
 * store's own packages/sdk, so a plugin with a nested copy of the SDK still runs on this store's kernel.
 * Called once by the plugin loader before it imports the first plugin; later calls do nothing.
 */
export function useStoreSdk(): void {
  if (registered) return;
  registered = true;
  register(pathToFileURL(path.join(KERNEL_DIR, 'sdk-resolve-hook.mjs')), {
    data: { sdkPackageUrl: pathToFileURL(path.join(KERNEL_DIR, '..', 'packages', 'sdk', 'package.json')).href },
  });
}
