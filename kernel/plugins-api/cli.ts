import type { InstalledPlugins, PluginResource } from '../plugin-settings/installed-plugins.ts';
import { isAppError } from '../http/errors.ts';

export const PLUGIN_COMMANDS: Array<[string, string]> = [
  ['plugins list', 'The installed plugins: name, version, source, enabled, state and why it is not active.'],
  ['plugins enable <name>', 'Turn a plugin on (takes effect on running instances within a second).'],
  ['plugins disable <name>', 'Turn a plugin off: its routes, hooks, jobs and methods stop (not for core plugins).'],
  ['plugins configure <name> key=value…', 'Set settings (values read as JSON when they parse, else as text; key=null resets one).'],
];

// `key=value` words: the value as JSON when it parses (numbers, true, null, lists), else as text.
function parseAssignments(words: string[]): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const word of words) {
    const eq = word.indexOf('=');
    if (eq <= 0) throw new Error(`"${word.split('=')[0]}" is not key=value.`);
    const raw = word.slice(eq + 1);
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // Plain text.
    }
    settings[word.slice(0, eq)] = value;
  }
  return settings;
}

function line(p: PluginResource, dependsOn: string[]): string {
  const deps = dependsOn.length ? ` (depends on ${dependsOn.join(', ')})` : '';
  const reason = p.reason ? `: ${p.reason}` : '';
  return `${p.name}@${p.version}  ${p.source}${deps}  ${p.enabled ? 'enabled' : 'disabled'}  ${p.state}${reason}`;
}

/**
 * `plugins list|enable|disable|configure`: the store's plugin state as the database holds it, changed the
 * way the API changes it (same validation, same event). Secret values are never printed. Answers the
 * exit code, or undefined when `words` is not a plugins command.
 */
export async function runPluginsCommand(
  plugins: InstalledPlugins,
  argv: string[],
  out: { print: (line: string) => void; error: (line: string) => void },
): Promise<number | undefined> {
  if (argv[0] !== 'plugins') return undefined;
  const [, verb, name, ...rest] = argv;
  if (verb === 'list') {
    for (const p of plugins.list()) out.print(line(p, plugins.dependenciesOf(p.name)));
    return 0;
  }
  if (verb !== 'enable' && verb !== 'disable' && verb !== 'configure') return undefined;
  if (!name) {
    out.error(`Usage: npx storekeep plugins ${verb} <name>${verb === 'configure' ? ' key=value…' : ''}`);
    return 1;
  }
  try {
    const change = verb === 'configure' ? { settings: parseAssignments(rest) } : { enabled: verb === 'enable' };
    if (verb === 'configure' && rest.length === 0) throw new Error('Name at least one setting as key=value.');
    out.print(line(await plugins.update(name, change), plugins.dependenciesOf(name)));
    return 0;
  } catch (err) {
    if (!isAppError(err)) {
      out.error((err as Error).message);
      return 1;
    }
    out.error(err.message);
    for (const [field, messages] of Object.entries(err.errors ?? {})) out.error(`  ${field}: ${messages.join(' ')}`);
    return 1;
  }
}
