import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import type { Logger } from './logger.ts';
import { PluginLoadError, type LoadedPlugin } from './plugin-loader.ts';

/** The store's version: the root package.json's, what plugins' `storeVersions` ranges are matched against. */
export const STORE_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8'),
).version;

/**
 * Refuses a plugin whose `storeVersions` range leaves out this store's version, naming the plugin,
 * its version, the range and the store's version; a range that is not semver is refused the same way.
 * A plugin from outside the store without a range loads with a warning (built-ins ship with the store).
 */
export function checkStoreVersions(plugins: LoadedPlugin[], logger: Logger, storeVersion = STORE_VERSION): void {
  for (const { plugin, source } of plugins) {
    const range = plugin.storeVersions;
    const who = `Plugin "${plugin.name}" ${plugin.version}`;
    if (range === undefined) {
      if (source !== 'built-in') {
        logger.warn({ plugin: plugin.name }, `${who} does not say which store versions it supports (storeVersions); loading it into Storekeep ${storeVersion} anyway.`);
      }
      continue;
    }
    if (semver.validRange(range) === null) {
      throw new PluginLoadError(`${who} declares storeVersions "${range}", which is not a semver range; this store is Storekeep ${storeVersion}.`);
    }
    if (!semver.satisfies(storeVersion, range, { includePrerelease: true })) {
      throw new PluginLoadError(`${who} supports Storekeep ${range}, but this store is Storekeep ${storeVersion}: install a version of the plugin made for this store, or upgrade the store.`);
    }
  }
}
