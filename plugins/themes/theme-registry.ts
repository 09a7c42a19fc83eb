import type { Knex } from 'knex';
import type { Clock } from '../../kernel/clock.ts';
import type { EventBus } from '../../kernel/events.ts';
import { badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';
import { forUpdate, parseJson } from '../../kernel/db/dialect.ts';
import { KeptRead } from '../../kernel/db/kept-read.ts';
import { resolveThemeFile, type InstalledTheme } from './theme-catalogue.ts';

/** A theme as the API shows it. */
export interface ThemeView {
  name: string;
  version: string | null;
  parent: string | null;
  active: boolean;
  source: string;
  usable: boolean;
  reason: string | null;
  settings_schema: Record<string, unknown> | null;
}

export type ThemeSettings = Record<string, unknown>;

/**
 * The `themeRegistry` service: the installed themes (read from disk at start), which one is active and
 * each theme's settings (in the database, so every instance and every restart agrees; `THEME` is the
 * active theme until staff activate another), files and locales along the `extends` chain.
 */
export class ThemeRegistry {
  // The active theme's name, kept: every mail and every computed storefront page asks for it, and it
  // changes when staff activate another (`activate` tells it).
  private readonly activated: KeptRead<string>;

  constructor(
    private readonly themes: Map<string, InstalledTheme>,
    private readonly deps: { knex: Knex; clock: Clock; events: EventBus; defaultTheme: string; onChange: () => void },
  ) {
    this.activated = new KeptRead(deps.knex, (db) => this.storedActiveName(db));
  }

  /** Every installed theme, usable or not, by name. */
  installed(): InstalledTheme[] {
    return [...this.themes.values()];
  }

  get(name: string): InstalledTheme | undefined {
    return this.themes.get(name);
  }

  /**
   * The active theme's name: the one staff activated, else `THEME`. Kept for the storefront and the
   * mails: another instance's activation shows there within 2 s (KEPT_READ_MS), this one's at once.
   */
  async activeName(db: Knex = this.deps.knex): Promise<string> {
    return this.activated.get(db);
  }

  // The active theme's name as stored (the one staff activated, else `THEME`); the API's views read it so.
  private async storedActiveName(db: Knex = this.deps.knex): Promise<string> {
    const row = (await db('theme_states').where({ active: 1 }).first('name')) as { name?: string } | undefined;
    return row?.name ?? this.deps.defaultTheme;
  }

  /** The active theme (undefined when `THEME` names no installed theme). */
  async active(db?: Knex): Promise<InstalledTheme | undefined> {
    return this.themes.get(await this.activeName(db));
  }

  /** The file a theme uses for a relative path, along its extends chain; never outside the theme folders. */
  resolveFile(theme: string | InstalledTheme, relativePath: string): string | undefined {
    const found = typeof theme === 'string' ? this.themes.get(theme) : theme;
    return found?.usable ? resolveThemeFile(found, relativePath) : undefined;
  }

  /** A theme's locale strings for a language, merged along its chain ({} when it has none). */
  locale(theme: string, language: string): Record<string, unknown> {
    return this.themes.get(theme)?.locales[language] ?? {};
  }

  /** Effective settings: the fields' defaults, overridden by the stored values that still fit the theme. */
  async settings(name: string, db: Knex = this.deps.knex): Promise<ThemeSettings> {
    const theme = this.usable(name);
    const row = await db('theme_states').where({ name }).first('settings');
    const stored = parseJson<ThemeSettings>(row?.settings, {});
    const effective: ThemeSettings = {};
    for (const field of theme.fields) {
      // A value stored for an older version of the theme that no longer fits falls back to the default.
      const value = field.id in stored && theme.validateSettings!({ [field.id]: stored[field.id] }) ? stored[field.id] : field.default;
      effective[field.id] = value;
    }
    return effective;
  }

  /** A theme's effective settings as the API answers them; 404 unknown, 409 unusable. */
  async settingsView(name: string, db?: Knex): Promise<{ theme: string; settings: ThemeSettings }> {
    this.usable(name, true);
    return { theme: name, settings: await this.settings(name, db) };
  }

  async view(name: string, db?: Knex): Promise<ThemeView> {
    const theme = this.themes.get(name);
    if (!theme) throw notFound(`No theme named "${name}" is installed.`);
    return toView(theme, (await this.storedActiveName(db)) === name);
  }

  async list(db?: Knex): Promise<ThemeView[]> {
    const active = await this.storedActiveName(db);
    return this.installed().map((t) => toView(t, t.name === active));
  }

  /** Makes a usable theme the active one inside `trx`; emits `theme.activated`. */
  async activate(trx: Knex.Transaction, name: string): Promise<ThemeView> {
    this.usable(name, true);
    const now = this.deps.clock.now();
    void this.activated.changed(trx);
    await forUpdate(trx, trx('theme_states').where({ active: 1 })).first();
    await trx('theme_states').where({ active: 1 }).update({ active: 0, updated_at: now });
    await trx('theme_states').insert({ name, active: 1, settings: '{}', created_at: now, updated_at: now }).onConflict('name').merge(['active', 'updated_at']);
    const view = await this.view(name, trx);
    await this.deps.events.emit(trx, 'theme.activated', view);
    this.afterCommit(trx);
    return view;
  }

  /** Replaces a theme's stored settings inside `trx` (omitted ones go back to their defaults); emits `theme.updated`. */
  async updateSettings(trx: Knex.Transaction, name: string, values: ThemeSettings): Promise<{ theme: string; settings: ThemeSettings }> {
    const theme = this.usable(name, true);
    if (!theme.validateSettings!(values)) throw badRequest(`Invalid settings for theme "${name}".`, settingsErrors(theme, values));
    const now = this.deps.clock.now();
    await trx('theme_states').insert({ name, active: 0, settings: JSON.stringify(values), created_at: now, updated_at: now }).onConflict('name').merge(['settings', 'updated_at']);
    const result = { theme: name, settings: await this.settings(name, trx) };
    await this.deps.events.emit(trx, 'theme.updated', result);
    this.afterCommit(trx);
    return result;
  }

  private usable(name: string, refuse = false): InstalledTheme {
    const theme = this.themes.get(name);
    if (!theme) throw notFound(`No theme named "${name}" is installed.`);
    if (!theme.usable) {
      if (refuse) throw conflict('theme_unusable', `Theme "${name}" cannot be used: ${theme.reason}`);
      throw new Error(`Theme "${name}" cannot be used: ${theme.reason}`);
    }
    return theme;
  }

  // Cached anonymous answers may show the theme: they go once the change is committed.
  private afterCommit(trx: Knex.Transaction): void {
    trx.executionPromise.then(() => this.deps.onChange(), () => undefined);
  }
}

function toView(theme: InstalledTheme, active: boolean): ThemeView {
  return {
    name: theme.name, version: theme.version, parent: theme.parent, active, source: theme.source,
    usable: theme.usable, reason: theme.reason, settings_schema: theme.settingsSchema,
  };
}

// One message per offending setting, named `settings.<id>`; an unknown setting is named too.
function settingsErrors(theme: InstalledTheme, values: ThemeSettings): FieldErrors {
  const errors: FieldErrors = {};
  const known = new Map(theme.fields.map((f) => [f.id, f]));
  for (const [id, value] of Object.entries(values)) {
    if (!known.has(id)) errors[`settings.${id}`] = [`Theme "${theme.name}" has no setting "${id}".`];
    else if (!theme.validateSettings!({ [id]: value })) errors[`settings.${id}`] = [describe(known.get(id)!)];
  }
  return errors;
}

function describe(field: InstalledTheme['fields'][number]): string {
  switch (field.type) {
    case 'color': return 'Must be a colour like "#1a2b3c".';
    case 'text': return 'Must be text of at most 2000 characters.';
    case 'image_url': return 'Must be empty, an http(s) URL or a path starting with "/".';
    case 'select': return `Must be one of ${field.options!.map((o) => `"${o.value}"`).join(', ')}.`;
    case 'checkbox': return 'Must be true or false.';
    case 'range': return `Must be a number from ${field.min} to ${field.max}${field.step ? ` in steps of ${field.step}` : ''}.`;
  }
}
