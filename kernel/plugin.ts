import type { AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import type { Clock } from './clock.ts';
import type { HookRegistry, HookSets } from './hooks.ts';
import type { RouteDefinition } from './routes.ts';
import type { EventBus } from './events.ts';
import type { Worker } from './worker.ts';
import type { CliCommand } from './cli-registry.ts';
import { checkSettingsSchema, type Settings, type SettingsSchema } from './plugin-settings/schema.ts';
import { checkDeclarations, type EventDeclaration, type FieldDeclarations } from './plugin-declarations.ts';
import type { PluginMetrics } from './metrics/plugin-metrics.ts';

/** A plugin's view of its settings (see docs/plugin-settings.md). */
export interface PluginSettingsAccess<S extends Settings = Settings> {
  /** The current settings: schema defaults < `x-env` variables < values set through the API or CLI; secrets opened. */
  get(): S;
  /**
   * Told when the settings change (through this instance, or another sharing the database within about a
   * second). A handler that throws turns the plugin `failed` (its routes and taps off) until the next change.
   */
  onChange(handler: (next: S, previous: S) => void | Promise<void>): void;
}

/** What a plugin's `register` receives: the kernel's parts, scoped to that plugin where it matters. */
export interface PluginContext {
  readonly name: string;
  readonly version: string;
  /** The plugin's folder (its migrations/ live here). */
  readonly dir: string;
  readonly config: Config;
  readonly logger: Logger;
  readonly knex: Knex;
  readonly clock: Clock;
  /** The kernel's awilix container: register this plugin's services; resolve other plugins' services. */
  readonly container: AwilixContainer;
  readonly hooks: {
    /** Offers a set of hooks under a namespace for later plugins to tap. */
    define<K extends keyof HookSets>(namespace: K, hooks: HookSets[K]): HookSets[K];
    /** A namespace's hooks, defined by this plugin or one it depends on. */
    get<K extends keyof HookSets>(namespace: K): HookSets[K];
  };
  readonly routes: { add(route: RouteDefinition): void };
  readonly events: EventBus;
  readonly worker: Worker;
  readonly cli: { add(command: CliCommand): void };
  /** A JSON schema with an `$id`, shared by routes (`{$ref: 'Money#'}`) and the OpenAPI components. */
  readonly schemas: { add(schema: { $id: string } & Record<string, unknown>): void };
  /** The plugin's settings (declared by `settings` in definePlugin); empty when it declares none. */
  readonly settings: PluginSettingsAccess;
  /** Metrics of the plugin's own on GET /metrics: gauges read at scrape time, counters (docs/metrics.md). */
  readonly metrics: PluginMetrics;
}

export interface PluginDefinition {
  name: string;
  version: string;
  description?: string;
  /** Names of plugins whose services, hooks and tables this one uses; they register and migrate first. */
  dependsOn?: string[];
  /** What the plugin provides to the store (payment, shipping, marketing, …), for the plugins list. */
  kinds?: string[];
  /**
   * The store versions this plugin works with, a semver range (`'>=0.1.0 <0.2.0'`, `'^0.1.0'`). The
   * loader refuses the plugin at start when the store's version is outside it; without it the plugin
   * loads with a warning.
   */
  storeVersions?: string;
  /**
   * The JSON Schema of the plugin's settings (an object): `writeOnly: true` marks a secret (stored
   * sealed, never returned nor logged), `'x-env': 'VAR'` an environment variable giving its default,
   * `required` what the plugin cannot serve without (missing: the plugin is `needs_configuration`).
   */
  settings?: SettingsSchema;
  /** Event types this plugin emits (`loyalty.points_awarded` → summary and data schema): webhooks may subscribe to them, OpenAPI shows them. */
  events?: Record<string, EventDeclaration>;
  /** Fields this plugin's serialize taps add to resources (`{ Product: { loyalty_points: {type: 'integer'} } }`): kept in responses, shown in OpenAPI. */
  fields?: FieldDeclarations;
  /**
   * The plugin's admin panel extension: a module (path relative to the plugin's folder, `.tsx` or
   * `.ts`) whose default export is `defineAdminExtension({ pages, widgets })` from
   * `@storekeep-commerce/sdk/admin`. The panel bundles it at start like its own pages.
   */
  admin?: string;
  /** Migrations folder; defaults to `<plugin folder>/migrations`. */
  migrationsDir?: string;
  register(ctx: PluginContext): void | Promise<void>;
}

const PLUGIN = Symbol.for('storekeep.plugin');

export type Plugin = Readonly<PluginDefinition> & { readonly [PLUGIN]: true };

/** Declares a Storekeep plugin; a module's default export of this is what the loader loads. */
export function definePlugin(definition: PluginDefinition): Plugin {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(definition.name)) {
    throw new Error(`Plugin name "${definition.name}" must be lower-case letters, digits and dashes.`);
  }
  if (typeof definition.register !== 'function') throw new Error(`Plugin "${definition.name}" has no register function.`);
  if (definition.settings !== undefined) checkSettingsSchema(definition.name, definition.settings);
  checkDeclarations(definition.name, definition.events, definition.fields);
  return Object.freeze({ ...definition, dependsOn: [...(definition.dependsOn ?? [])], [PLUGIN]: true as const });
}

export function isPlugin(value: unknown): value is Plugin {
  return typeof value === 'object' && value !== null && (value as any)[PLUGIN] === true;
}

/**
 * Thrown by a plugin from `register` or its `kernel.boot` tap when its configuration is missing or
 * unusable (an environment variable, a key). The store still starts, migrates and runs its CLI: the
 * plugin is marked `needs_configuration` (with this message as the reason) and its routes and taps
 * stay off. Any other error from `register` or boot stops start-up.
 */
export class PluginConfigurationError extends Error {
  override readonly name = 'PluginConfigurationError';
}

/** Also true for one thrown by another copy of the kernel module (a plugin installed as a package). */
export function isPluginConfigurationError(err: unknown): err is Error {
  return err instanceof PluginConfigurationError || (err instanceof Error && err.name === 'PluginConfigurationError');
}
