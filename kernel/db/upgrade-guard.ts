import semver from 'semver';

/** A row of `storekeep_migrations` as the guard reads it; `store_version` is null on rows older than the guard. */
export interface AppliedMigration {
  owner: string;
  name: string;
  store_version?: string | null;
}

/** The database was changed by a newer Storekeep (or a newer plugin) than the code now starting. */
export class NewerDatabaseError extends Error {}

const FORWARD_ONLY = 'migrations only go forward';

/**
 * Migrations only go forward: code older than the database it opens refuses to start, instead of
 * serving a schema it does not understand. It refuses when a migration row was recorded by a newer
 * Storekeep version, or names a migration that an owner present here (the kernel, a loaded plugin) does
 * not have. A migration of a plugin that is no longer installed is no reason to refuse: uninstalling a
 * plugin leaves its tables and rows behind on purpose, and the store runs without them; the version
 * check still catches such a row if a newer Storekeep wrote it.
 *
 * `known` maps each owner present to the names of the migrations this code has for it.
 */
export function refuseNewerDatabase(applied: AppliedMigration[], known: Map<string, Set<string>>, storeVersion: string): void {
  const newest = newestVersion(applied);
  if (newest && semver.gt(newest, storeVersion)) {
    throw new NewerDatabaseError(
      `This database was migrated by Storekeep ${newest}, newer than this ${storeVersion}; start Storekeep ${newest} or later, or restore a backup taken before the upgrade (${FORWARD_ONLY}).`,
    );
  }
  const unknown = applied.find((m) => known.has(m.owner) && !known.get(m.owner)!.has(m.name));
  if (!unknown) return;
  const id = `${unknown.owner}/${unknown.name}`;
  if (unknown.owner === 'kernel') {
    throw new NewerDatabaseError(
      `This database has migration ${id}, which this Storekeep ${storeVersion} does not have: a newer Storekeep migrated it; start that version, or restore a backup taken before the upgrade (${FORWARD_ONLY}).`,
    );
  }
  throw new NewerDatabaseError(
    `This database has migration ${id}, which plugin "${unknown.owner}" installed here does not have: a newer version of that plugin migrated it; install that version, or restore a backup taken before the upgrade (${FORWARD_ONLY}).`,
  );
}

/** The highest valid semver among the rows' recorded versions (rows from before the guard have none). */
export function newestVersion(applied: AppliedMigration[]): string | undefined {
  let newest: string | undefined;
  for (const { store_version: v } of applied) {
    if (typeof v !== 'string' || !semver.valid(v)) continue;
    if (!newest || semver.gt(v, newest)) newest = v;
  }
  return newest;
}
