import fs from 'node:fs';
import path from 'node:path';
import type { LoadedPlugin } from './plugin-loader.ts';

/** A plugin's admin panel module, found at load; the admin plugin bundles these into the panel. */
export interface AdminExtensionModule {
  plugin: string;
  /** Absolute path of the module. */
  entry: string;
}

/**
 * The admin modules of the loaded plugins, in load order. A module named but missing stops start-up
 * with the plugin named, as a broken import would.
 */
export function collectAdminExtensions(plugins: readonly LoadedPlugin[]): AdminExtensionModule[] {
  const found: AdminExtensionModule[] = [];
  for (const { plugin, dir } of plugins) {
    if (plugin.admin === undefined) continue;
    const entry = path.resolve(dir, plugin.admin);
    if (!entry.startsWith(dir + path.sep) || !fs.existsSync(entry)) {
      throw new Error(`Plugin "${plugin.name}" names its admin module "${plugin.admin}", which is not a file in its folder.`);
    }
    found.push({ plugin: plugin.name, entry });
  }
  return found;
}
