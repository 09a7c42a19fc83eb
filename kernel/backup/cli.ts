import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { createKernel, type Kernel } from '../kernel.ts';
import { describeDatabaseError } from '../db/startup-errors.ts';
import { STORE_VERSION } from '../plugin-compat.ts';
import { takeBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

/** The `npx storekeep` usage rows of the two commands. */
export const BACKUP_COMMANDS: Array<[string, string]> = [
  ['backup FILE', 'Write the whole store (every table, the secrets key and other DATA_DIR files) to one archive, while it serves.'],
  ['restore FILE [--force]', 'Load an archive into an empty database and DATA_DIR (--force: replace what is there); the store must be stopped.'],
];

export function isBackupCommand(argv: string[]): boolean {
  return argv[0] === 'backup' || argv[0] === 'restore';
}

interface Output {
  print(line: string): void;
  error(line: string): void;
}

const stdio: Output = {
  print: (line) => process.stdout.write(line + '\n'),
  error: (line) => process.stderr.write(line + '\n'),
};

/**
 * `npx storekeep backup FILE` and `npx storekeep restore FILE [--force]`. They run without the CLI's
 * usual "migrate first": restore needs an empty database, and backup must not change the database it
 * reads. Every refusal and failure is one line on stderr and status 1.
 */
export async function runBackupCommand(argv: string[], out: Output = stdio): Promise<number> {
  const [command, ...rest] = argv as ['backup' | 'restore', ...string[]];
  const usage = `Usage: npx storekeep ${BACKUP_COMMANDS.find(([name]) => name.startsWith(command))![0]}`;
  let file: string;
  let force = false;
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: { force: { type: 'boolean' }, help: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    if (values.help) {
      out.print(usage);
      return 0;
    }
    if (positionals.length !== 1 || (command === 'backup' && values.force)) throw new Error(usage);
    file = positionals[0]!;
    force = values.force === true;
  } catch (err) {
    const message = firstLine((err as Error).message);
    out.error(message === usage ? usage : `${message} (${usage})`);
    return 1;
  }

  let kernel: Kernel | undefined;
  try {
    const config = loadConfig(process.env, { logLevel: process.env.LOG_LEVEL || 'warn' });
    kernel = createKernel(config, { workers: false });
    const { plugins, sources } = await kernel.migrationSources();
    if (command === 'backup') {
      const done = await takeBackup({ file, dataDir: config.dataDir, knex: kernel.knex, plugins, sources, storeVersion: STORE_VERSION });
      out.print(`Backed up ${done.tables} tables (${done.rows} rows) and ${done.files} files to ${file} (${done.bytes} bytes).`);
      return 0;
    }
    const done = await restoreBackup({ file, force, dataDir: config.dataDir, knex: kernel.knex, sources, storeVersion: STORE_VERSION, logger: kernel.logger });
    const { manifest } = done;
    out.print(`Restored ${done.tables} tables (${done.rows} rows) and ${done.files} files from ${file}, a backup of Storekeep ${manifest.store_version} on ${manifest.dialect === 'sqlite' ? 'SQLite' : 'MySQL/MariaDB'} made ${manifest.created_at}.`);
    if (done.upgraded.length) out.print(`Then applied ${done.upgraded.length} newer migration${done.upgraded.length === 1 ? '' : 's'}: ${done.upgraded.join(', ')}.`);
    return 0;
  } catch (err) {
    out.error(describe(err));
    return 1;
  } finally {
    await kernel?.stop().catch(() => undefined);
  }
}

// One line an operator can act on: database trouble as the CLI words it, anything else by its message.
function describe(err: unknown): string {
  const e = err as Error;
  if (/SQLITE_BUSY|database is locked/i.test(e?.message ?? '')) return 'The database is busy (another process holds a long write). Try again in a moment.';
  return firstLine(describeDatabaseError(e, process.env.DATABASE_URL) ?? e?.message ?? String(err));
}

function firstLine(text: string): string {
  return text.split('\n')[0]!;
}
