import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import type { LoadedPlugin } from '../plugin-loader.ts';
import type { PluginSettingsAccess } from '../plugin.ts';
import type { PluginState, PluginStates } from '../plugin-states.ts';
import type { Logger } from '../logger.ts';
import type { Clock } from '../clock.ts';
import type { EventBus } from '../events.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../http/errors.ts';
import { forUpdate } from '../db/dialect.ts';
import { SettingsSpec, type Settings } from './schema.ts';
import { PLUGIN_SETTINGS_TABLE, mergeSettings, readStored, storedColumns, unstored, type StoredSettings as Stored } from './stored-settings.ts';
import { pluginResource, type PluginResource } from './resource.ts';

export type { PluginResource } from './resource.ts';

/** A change an operator asks for: `settings` merges (a key set to null goes back to its default). */
export interface PluginChange {
  enabled?: boolean;
  settings?: Record<string, unknown>;
}

type ChangeHandler = (next: Settings, previous: Settings) => void | Promise<void>;

interface Entry {
  loaded: LoadedPlugin;
  spec?: SettingsSpec;
  stored: Stored;
  /** What `ctx.settings.get()` answers: defaults < environment < stored. */
  current: Settings;
  handlers: ChangeHandler[];
}

const TABLE = PLUGIN_SETTINGS_TABLE;
/** How often the table's revisions are read for changes other instances made. */
export const PLUGIN_SETTINGS_POLL_MS = 1000;

export interface InstalledPluginsParts {
  knex: Knex;
  states: PluginStates;
  secretBox: SecretBox;
  env: Record<string, string | undefined>;
  logger: Logger;
  clock: Clock;
  events: EventBus;
  /** Called after a change took effect here (the response cache forgets what it held). */
  onApplied: () => void;
  pollMs?: number;
}

/**
 * The installed plugins as operators manage them: enabled or disabled, their settings (stored in
 * `plugin_settings`, secrets sealed), their state. A change through the API or CLI takes effect here at
 * once, and on every other instance sharing the database within a second (each polls the sum of the
 * rows' revisions): states are recomputed, `ctx.settings.onChange` handlers told, the response cache
 * cleared. Core plugins (`core-*` and what they depend on) cannot be disabled.
 */
export class InstalledPlugins {
  private readonly entries = new Map<string, Entry>();
  private readonly core = new Set<string>();
  private signature?: string;
  private queue: Promise<void> = Promise.resolve();
  private timer?: NodeJS.Timeout;
  private polling = false;
  private unreadable = false;

  constructor(private readonly parts: InstalledPluginsParts) {}

  /** Takes a plugin in before its register runs, with its settings from defaults and the environment. */
  add(loaded: LoadedPlugin): void {
    const { plugin } = loaded;
    const spec = plugin.settings ? new SettingsSpec(plugin.name, plugin.settings) : undefined;
    const entry: Entry = { loaded, spec, stored: unstored(), current: {}, handlers: [] };
    entry.current = this.effective(entry);
    this.entries.set(plugin.name, entry);
    this.parts.states.setSettingsProblem(plugin.name, this.problemOf(entry));
    if (plugin.name.startsWith('core-')) this.markCore(plugin.name);
  }

  private markCore(name: string): void {
    if (this.core.has(name)) return;
    this.core.add(name);
    for (const dep of this.entries.get(name)?.loaded.plugin.dependsOn ?? []) this.markCore(dep);
  }

  /** True for plugins the store cannot run without: `core-*` and every plugin one of them depends on. */
  isCore(name: string): boolean {
    return this.core.has(name);
  }

  dependenciesOf(name: string): string[] {
    return [...(this.entries.get(name)?.loaded.plugin.dependsOn ?? [])];
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** What a plugin's context offers as `ctx.settings`. */
  accessFor(name: string): PluginSettingsAccess {
    return {
      get: () => this.entries.get(name)?.current ?? {},
      onChange: (handler) => {
        this.entries.get(name)?.handlers.push(handler as ChangeHandler);
      },
    };
  }

  /**
   * Before the plugins register: the stored settings, when the table already exists (every start but
   * the first), so `ctx.settings.get()` in register sees them. Anything in the way (no table yet, no
   * database) is left to the read after migrations, which reports it.
   */
  async preload(): Promise<void> {
    try {
      if (await this.parts.knex.schema.hasTable(TABLE)) await this.refresh();
    } catch {
      // Read again after migrations.
    }
  }

  /**
   * Reads every plugin's row and applies what changed (one at a time: the poll and a local change never
   * interleave). It never rejects for one plugin's trouble: that plugin is marked `failed`.
   */
  refresh(): Promise<void> {
    const run = this.queue.then(() => this.readAll());
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async readAll(): Promise<void> {
    const rows: any[] = await this.parts.knex(TABLE).select();
    const byName = new Map(rows.map((r) => [String(r.name), r]));
    for (const [name, entry] of this.entries) {
      const raw = byName.get(name);
      let stored: Stored;
      try {
        stored = raw ? readStored(raw, this.parts.secretBox) : unstored();
      } catch (err) {
        this.fail(name, `Its stored settings could not be read: ${(err as Error).message}`, err);
        continue;
      }
      // An operator's change gives a failed plugin another chance.
      if (stored.revision !== entry.stored.revision) this.parts.states.clearFailure(name);
      entry.stored = stored;
      await this.apply(entry);
    }
    this.signature = signatureOf(rows.length, rows.reduce((sum, r) => sum + Number(r.revision), 0));
  }

  private async apply(entry: Entry): Promise<void> {
    const name = entry.loaded.plugin.name;
    const previous = entry.current;
    const next = this.effective(entry);
    entry.current = next;
    const { states } = this.parts;
    states.setEnabled(name, entry.stored.enabled);
    states.setSettingsProblem(name, this.problemOf(entry));
    if (isDeepStrictEqual(previous, next)) return;
    for (const handler of entry.handlers) {
      try {
        await handler(next, previous);
      } catch (err) {
        this.fail(name, `Its settings change handler failed: ${(err as Error)?.message ?? err}`, err);
        return;
      }
    }
  }

  private fail(name: string, reason: string, err: unknown): void {
    this.parts.states.markFailed(name, reason);
    this.parts.logger.error({ err, plugin: name }, `Plugin "${name}" failed and is off: ${reason}`);
  }

  private effective(entry: Entry): Settings {
    if (!entry.spec) return Object.freeze({});
    return Object.freeze({ ...entry.spec.defaults(this.parts.env), ...entry.stored.settings, ...entry.stored.secrets });
  }

  // Why the plugin cannot serve with these settings (needs_configuration), or undefined.
  private problemOf(entry: Entry): string | undefined {
    const { spec, loaded } = entry;
    if (!spec) return undefined;
    const name = loaded.plugin.name;
    const invalid = Object.entries(spec.errors(entry.current));
    if (invalid.length > 0) return `Setting ${invalid.map(([field, messages]) => `"${field.replace(/^settings\./, '')}" (${messages.join(' ')})`).join(', ')} is invalid.`;
    const missing = spec.missing(entry.current);
    if (missing.length === 0) return undefined;
    const env = missing.map((m) => spec.schema.properties[m]['x-env']).filter(Boolean);
    return `Required setting ${missing.map((m) => `"${m}"`).join(', ')} is not set: PATCH /api/v1/plugins/${name}/, npx storekeep plugins configure ${name} ${missing[0]}=…${env.length ? `, or the environment variable ${env.join(', ')}` : ''}.`;
  }

  /** Starts reading the revisions once a second (PLUGIN_SETTINGS_POLL_MS) for other instances' changes. */
  start(): void {
    this.timer ??= setInterval(() => void this.poll(), this.parts.pollMs ?? PLUGIN_SETTINGS_POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.queue;
  }

  /** One cheap reading (a count and a sum); a difference reads the rows. Tests call it instead of waiting. */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      const row: any = await this.parts.knex(TABLE).count({ count: '*' }).sum({ total: 'revision' }).first();
      if (signatureOf(Number(row?.count ?? 0), Number(row?.total ?? 0)) !== this.signature) {
        await this.refresh();
        this.parts.onApplied();
      }
      this.unreadable = false;
    } catch (err) {
      // An outage fails every reading until it ends: said once.
      if (!this.unreadable) this.parts.logger.warn({ err }, 'could not read plugin settings for changes by other instances');
      this.unreadable = true;
    } finally {
      this.polling = false;
    }
  }

  private entryOf(name: string): Entry {
    const entry = this.entries.get(name);
    if (!entry) throw notFound(`No plugin named "${name}" is installed.`);
    return entry;
  }

  /** The resource of one plugin, as it is now. */
  resource(name: string): PluginResource {
    const entry = this.entryOf(name);
    return pluginResource(entry.loaded, entry.spec, { enabled: entry.stored.enabled, updatedAt: entry.stored.updatedAt, current: entry.current, state: this.parts.states.of(name) });
  }

  list(): PluginResource[] {
    return this.names().map((name) => this.resource(name));
  }

  /**
   * Applies an operator's change in one transaction (the row, then `plugin.updated` with the resource),
   * then here at once. Refusals: an unknown plugin (404), settings the schema refuses (400, each field
   * as `settings.<field>`), disabling a core plugin (409 `core_plugin`).
   */
  async update(name: string, change: PluginChange): Promise<PluginResource> {
    const entry = this.entryOf(name);
    if (change.enabled === false && this.isCore(name)) {
      throw conflict('core_plugin', `"${name}" is a core plugin the store needs; it cannot be disabled.`);
    }
    const { knex, clock, secretBox, events } = this.parts;
    // The row exists before the change locks it, so two first changes at once queue on it.
    await knex(TABLE).insert({ name, enabled: true, settings: '{}', secrets_sealed: null, revision: 0, updated_at: clock.now() }).onConflict('name').ignore();
    await knex.transaction(async (trx) => {
      const stored = readForChange(name, await forUpdate(knex, trx(TABLE).where({ name })).first(), secretBox, entry.spec?.secrets ?? [], change);
      const { settings, secrets } = mergeSettings(stored, change.settings ?? {}, (key) => entry.spec?.isSecret(key) ?? false);
      const errors: FieldErrors = entry.spec
        ? entry.spec.errors({ ...settings, ...secrets })
        : Object.fromEntries(Object.keys(change.settings ?? {}).map((key) => [`settings.${key}`, ['Unknown field: this plugin has no settings.']]));
      if (Object.keys(errors).length > 0) throw badRequest(`Invalid settings: ${Object.keys(errors).join(', ')}.`, errors);
      const next: Stored = { enabled: change.enabled ?? stored.enabled, settings, secrets, revision: stored.revision + 1, updatedAt: clock.now() };
      await trx(TABLE).where({ name }).update(storedColumns(next, secretBox));
      const current = { ...this.defaultsOf(entry), ...settings, ...secrets };
      await events.emit(trx, 'plugin.updated', pluginResource(entry.loaded, entry.spec, { enabled: next.enabled, updatedAt: next.updatedAt, current, state: this.predictState(entry, next) }));
    });
    await this.refresh();
    this.parts.onApplied();
    return this.resource(name);
  }

  private defaultsOf(entry: Entry): Settings {
    return entry.spec?.defaults(this.parts.env) ?? {};
  }

  // The state the change will give (told in plugin.updated, written before it takes effect here): a
  // failure is cleared by the change; an error from register or boot stays until a restart.
  private predictState(entry: Entry, next: Stored): PluginState {
    if (!next.enabled) return { state: 'disabled', reason: 'Disabled by an operator.' };
    const thrown = this.parts.states.configurationError(entry.loaded.plugin.name);
    if (thrown !== undefined) return { state: 'needs_configuration', reason: thrown };
    const probe = { ...entry, stored: next };
    probe.current = this.effective(probe);
    const problem = this.problemOf(probe);
    return problem ? { state: 'needs_configuration', reason: problem } : { state: 'active' };
  }
}

// A row whose secrets this store's key cannot open (DATA_DIR/webhook-secrets.key was replaced) is
// changed only by a change that sets every secret again; the old sealed values are then dropped.
function readForChange(name: string, row: any, box: SecretBox, secretNames: readonly string[], change: PluginChange): Stored {
  try {
    return readStored(row, box);
  } catch {
    const given = change.settings ?? {};
    const missing = secretNames.filter((key) => given[key] === undefined || given[key] === null);
    if (missing.length > 0) {
      throw conflict(
        'secrets_unreadable',
        `The stored secret settings of "${name}" cannot be opened with this store's key (DATA_DIR/webhook-secrets.key is not the one that sealed them). Set ${missing.map((k) => `"${k}"`).join(', ')} again in this change.`,
      );
    }
    return readStored({ ...row, secrets_sealed: null }, box);
  }
}

function signatureOf(count: number, total: number): string {
  return `${count}:${total}`;
}
