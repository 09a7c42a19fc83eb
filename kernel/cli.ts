import 'dotenv/config';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLUGIN_NEW_USAGE, ScaffoldError, pluginNew } from './scaffold/plugin-new.ts';
import { loadConfig } from './config.ts';
import { serve } from './serve.ts';
import { createKernel, type Kernel } from './kernel.ts';
import { describeDatabaseError } from './db/startup-errors.ts';
import type { CliCommand } from './cli-registry.ts';
import { PLUGIN_COMMANDS, runPluginsCommand } from './plugins-api/cli.ts';
import { BACKUP_COMMANDS, isBackupCommand, runBackupCommand } from './backup/cli.ts';

const print = (line: string) => process.stdout.write(line + '\n');

function usage(kernel: Kernel): string {
  const rows: Array<[string, string]> = [
    ['serve', 'Migrate, then serve the store over HTTPS in this process until SIGTERM/SIGINT (what `npm start` runs).'],
    ['plugin new', `Writes a new plugin package (${PLUGIN_NEW_USAGE.replace('npx storekeep plugin new ', '')}); needs no database.`],
    ['migrate', 'Apply pending migrations of the kernel and every plugin.'],
    ...BACKUP_COMMANDS,
    ...PLUGIN_COMMANDS,
    ...kernel.cli.list().map((c) => [c.name, c.summary] as [string, string]),
  ];
  const width = Math.max(...rows.map(([n]) => n.length));
  return ['Usage: npx storekeep <command> [options]', '', ...rows.map(([n, s]) => `  ${n.padEnd(width)}  ${s}`)].join('\n');
}

function parse(command: CliCommand, args: string[]) {
  const spec = Object.fromEntries(Object.entries(command.options ?? {}).map(([name, o]) => [name, { type: o.type }]));
  const { values, positionals } = parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  for (const [name, o] of Object.entries(command.options ?? {})) {
    if (o.required && values[name] === undefined) throw new Error(`--${name} is required: ${o.description}`);
  }
  return { options: values as Record<string, string | boolean | undefined>, positionals };
}

/**
 * `npx storekeep …`: operator commands. The kernel's own (migrate, plugins list) and those plugins add
 * (staff, apikey, …). It migrates first, so it works on a new store, and on SQLite it works while the
 * server runs (WAL; a writer waits its turn for up to the busy timeout).
 */
export async function runCli(argv: string[]): Promise<number> {
  // Writing a plugin package needs no store: it runs before the kernel (and the database) exists.
  if (argv[0] === 'plugin' && argv[1] === 'new') return scaffold(argv.slice(2));
  // Backup and restore open the store themselves, without migrating: restore needs an empty database,
  // and a backup must not change the database it reads (kernel/backup/).
  if (isBackupCommand(argv)) return runBackupCommand(argv);
  // The server runs in this process, so the signals a process manager sends reach it.
  if (argv[0] === 'serve') return serve();
  const kernel = createKernel(loadConfig(process.env, { logLevel: process.env.LOG_LEVEL || 'warn' }), { workers: false });
  try {
    const applied = await kernel.migrate();
    const words = argv.filter((a) => !a.startsWith('-'));
    if (words.length === 0 || words[0] === 'help' || argv.includes('--help')) {
      print(usage(kernel));
      return words.length === 0 ? 1 : 0;
    }
    if (words[0] === 'migrate') {
      for (const name of applied) print(`applied ${name}`);
      print(applied.length ? `${applied.length} migrations applied.` : 'Migrations are up to date.');
      return 0;
    }
    const pluginsCode = await runPluginsCommand(kernel.installedPlugins, argv, { print, error: (line) => process.stderr.write(line + '\n') });
    if (pluginsCode !== undefined) return pluginsCode;
    const found = kernel.cli.find(argv.slice(0, 2).filter((a) => !a.startsWith('-')));
    if (!found) {
      process.stderr.write(`Unknown command "${words.join(' ')}".\n\n${usage(kernel)}\n`);
      return 1;
    }
    const rest = argv.slice(found.command.name.split(' ').length);
    await found.command.run({ ...parse(found.command, rest), container: kernel.container, print });
    return 0;
  } catch (err) {
    const e = err as Error & { code?: string };
    if (/SQLITE_BUSY|database is locked/i.test(e.message)) {
      process.stderr.write('The database is busy (another process holds a long write). Try again in a moment.\n');
    } else {
      process.stderr.write(`${describeDatabaseError(e, process.env.DATABASE_URL) ?? e.message}\n`);
    }
    return 1;
  } finally {
    await kernel.stop();
  }
}

function scaffold(args: string[]): number {
  try {
    const { dir, files } = pluginNew(args);
    print(`Wrote ${files.length} files to ${dir}:`);
    for (const file of files) print(`  ${file}`);
    print(`Next: cd ${path.relative(process.cwd(), dir) || '.'} && npm test && npm run check (see its README.md).`);
    return 0;
  } catch (err) {
    if (!(err instanceof ScaffoldError)) throw err;
    process.stderr.write(`${err.message}\n`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] && /cli\.ts$/.test(process.argv[1]);
if (invokedDirectly) runCli(process.argv.slice(2)).then((code) => process.exit(code));
