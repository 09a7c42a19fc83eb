import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalApi } from './http/internal-api.ts';
import { asValue, createContainer, InjectionMode, type AwilixContainer } from 'awilix';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './logger.ts';
import { systemClock, type Clock } from './clock.ts';
import { callTap, createEventHooks, createKernelHooks, HookRegistry, tapsOf, type KernelHooks } from './hooks.ts';
import { RouteRegistry } from './routes.ts';
import { EventBus } from './events.ts';
import { Worker } from './worker.ts';
import { Mailer } from './mail/mailer.ts';
import { CliRegistry } from './cli-registry.ts';
import { createDatabase, sqliteFile } from './db/connection.ts';
import { WalCheckpointer } from './db/wal-checkpointer.ts';
import { runMigrations, type MigrationSource } from './db/migrate.ts';
import { discoverPlugins, orderPlugins, type LoadedPlugin } from './plugin-loader.ts';
import { checkStoreVersions } from './plugin-compat.ts';
import { isPluginConfigurationError, type PluginContext } from './plugin.ts';
import { PluginStates } from './plugin-states.ts';
import { collectAdminExtensions } from './admin-extensions.ts';
import { collectDeclaredEvents, withDeclaredFields } from './plugin-declarations.ts';
import { InstalledPlugins } from './plugin-settings/installed-plugins.ts';
import { SecretBox } from './crypto/secret-box.ts';
import { registerPluginRoutes } from './plugins-api/routes.ts';
import { loadTls } from './tls.ts';
import { connectRedis } from './redis.ts';
import { buildApp } from './http/app.ts';
import { DirectReads } from './http/direct-reads.ts';
import { drainConnections } from './http/drain.ts';
import { errorBodySchema } from './http/errors.ts';
import { moneySchema } from './http/schemas.ts';
import { DEFAULT_LOCALE, type StoreLocale } from './http/negotiation.ts';
import { registerKernelRoutes } from './kernel-routes.ts';
import { OpenApiWebhooks } from './http/openapi.ts';
import { ResponseCache } from './http/response-cache.ts';
import { ListPositions } from './http/list-positions.ts';
import { ForeignChanges } from './http/foreign-changes.ts';
import { ChangeAnnouncer, databaseIdentity } from './http/change-announcer.ts';
import { OutboundGuard, type ResolveHost } from './net/outbound.ts';
import { KernelMetrics } from './metrics/registry.ts';
import { registerKernelMetrics } from './metrics/kernel-metrics.ts';
import { pluginMetrics } from './metrics/plugin-metrics.ts';
import { IdleCollection } from './idle-collection.ts';

export interface KernelOptions {
  clock?: Clock;
  /** Where log lines go (tests capture them); stdout by default. */
  logStream?: DestinationStream;
  /** Folder of built-in plugins; tests may point elsewhere. */
  builtInDir?: string;
  /** Start the event dispatcher and job worker loops (tests may drive them by hand). */
  workers?: boolean;
  /** Poll interval of the loops, in ms. */
  pollMs?: number;
  /** How long the marks of events dispatched from memory wait to be written together (events-marks.ts). */
  markDelayMs?: number;
  cwd?: string;
  /** How outbound requests resolve host names (tests answer without a DNS server); dns.lookup by default. */
  resolveHost?: ResolveHost;
  /** How long a serving store waits without requests before it collects its heap (idle-collection.ts); tests shorten it. */
  idleCollectionMs?: number;
}

const KERNEL_MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The kernel: container, hooks, route registry, plugin loader, outbox and worker. It holds no business
 * rule; plugins bring every capability. Lifecycle: load → migrate → app → boot → listen; stop reverses it.
 */
export class Kernel {
  readonly config: Config;
  readonly logger: Logger;
  readonly clock: Clock;
  readonly knex: Knex;
  readonly redis?: Redis;
  readonly container: AwilixContainer;
  /** Which plugins serve, and which wait for their configuration (`plugins list` shows it). */
  readonly pluginStates = new PluginStates();
  /** The plugins as operators manage them: enabled, settings, state (the plugins API and CLI). */
  readonly installedPlugins: InstalledPlugins;
  readonly hooks = new HookRegistry((plugin) => this.pluginStates.isActive(plugin));
  readonly kernelHooks: KernelHooks;
  readonly routes = new RouteRegistry((plugin) => this.pluginStates.isActive(plugin));
  readonly events: EventBus;
  readonly worker: Worker;
  readonly mailer: Mailer;
  /** Anonymous answers of `cache: 'anonymous'` routes; forgotten whenever a change commits. */
  readonly responseCache: ResponseCache;
  /** GETs of direct routes answered before Fastify routes them (http/direct-reads.ts). */
  readonly directReads = new DirectReads();
  /** Positions of rows in lists, for deep pages asked by number (http/list-positions.ts); with the response cache. */
  readonly listPositions?: ListPositions;
  /** Changes other processes commit, noticed within a second, also clear the response cache. */
  readonly foreignChanges: ForeignChanges;
  /** With Redis: changes this instance commits are announced to the others at once. */
  readonly changeAnnouncer?: ChangeAnnouncer;
  readonly cli = new CliRegistry();
  /** Checks every outbound request's URL and addresses (container: `outboundGuard`). */
  readonly outboundGuard: OutboundGuard;
  /** The OpenAPI document's `webhooks` section, filled by plugins (container: `openApiWebhooks`). */
  readonly openApiWebhooks = new OpenApiWebhooks();
  readonly schemas: Array<{ $id: string } & Record<string, unknown>> = [errorBodySchema as any, moneySchema as any];
  /** GET /metrics: the kernel's metrics and those plugins add (`ctx.metrics`). */
  readonly metrics: KernelMetrics;
  /** SQLite only: checkpoints the WAL on a thread of its own while the loops run (db/wal-checkpointer.ts). */
  readonly checkpointer?: WalCheckpointer;
  /** While serving: one full collection each time the store goes quiet (idle-collection.ts). */
  readonly idleCollection: IdleCollection;
  plugins: LoadedPlugin[] = [];
  app?: FastifyInstance;
  private loaded = false;
  private migrated = false;
  private stopping?: Promise<void>;

  constructor(config: Config, private readonly options: KernelOptions = {}) {
    this.config = config;
    this.clock = options.clock ?? systemClock;
    this.logger = createLogger(config.logLevel, options.logStream);
    this.knex = createDatabase(config, this.logger.child({ part: 'db' }));
    if (!config.databaseUrl) this.checkpointer = new WalCheckpointer(this.knex, sqliteFile(config), this.logger.child({ part: 'db' }));
    if (config.redisUrl) this.redis = connectRedis(config.redisUrl, this.logger);
    this.kernelHooks = this.hooks.define('kernel', 'kernel', createKernelHooks());
    const eventHooks = this.hooks.define('events', 'kernel', createEventHooks());
    this.events = new EventBus(this.knex, eventHooks, this.clock, this.logger.child({ part: 'events' }), options.pollMs, options.markDelayMs);
    this.worker = new Worker(this.knex, this.clock, this.logger.child({ part: 'worker' }), options.pollMs, (plugin) => this.pluginStates.isActive(plugin));
    this.responseCache = new ResponseCache(config.responseCacheMb * 1024 * 1024);
    // Kept only where other processes' changes are watched, which the response cache turns on.
    if (this.responseCache.enabled) this.listPositions = new ListPositions();
    this.idleCollection = new IdleCollection(options.idleCollectionMs);
    this.events.onCommitted(() => this.forgetComputedReads());
    if (this.redis) {
      this.changeAnnouncer = new ChangeAnnouncer(this.redis, databaseIdentity(config.databaseUrl, config.dataDir), () => this.forgetComputedReads(), this.logger.child({ part: 'response-cache' }));
      this.events.onCommitted(() => this.changeAnnouncer!.announce());
    }
    this.foreignChanges = new ForeignChanges(this.knex, () => this.forgetComputedReads(), this.logger.child({ part: 'response-cache' }), undefined, () => this.events.privateEventTypes());
    this.events.onCommitted((ids) => this.foreignChanges.committedHere(ids));
    this.installedPlugins = new InstalledPlugins({
      knex: this.knex,
      states: this.pluginStates,
      secretBox: new SecretBox(config.dataDir),
      env: config.env,
      logger: this.logger.child({ part: 'plugins' }),
      clock: this.clock,
      events: this.events,
      // Which payment and shipping methods are offered may have changed with the plugin.
      onApplied: () => this.forgetComputedReads(),
    });
    this.outboundGuard = new OutboundGuard({ allowPrivate: config.outboundAllowPrivate, resolve: options.resolveHost });
    this.container = createContainer({ injectionMode: InjectionMode.PROXY, strict: true });
    this.mailer = new Mailer({ config, worker: this.worker, logger: this.logger.child({ part: 'mail' }), clock: this.clock, container: this.container });
    this.container.register({
      config: asValue(config),
      logger: asValue(this.logger),
      knex: asValue(this.knex),
      clock: asValue(this.clock),
      hooks: asValue(this.hooks),
      events: asValue(this.events),
      worker: asValue(this.worker),
      mailer: asValue(this.mailer),
      redis: asValue(this.redis),
      openApiWebhooks: asValue(this.openApiWebhooks),
      outboundGuard: asValue(this.outboundGuard),
      // Plugins holding state in memory that answers depend on call its invalidate() when it changes.
      responseCache: asValue(this.responseCache),
      // core-store replaces this with the store's live settings.
      storeLocale: asValue((): StoreLocale => DEFAULT_LOCALE),
    });
    this.metrics = new KernelMetrics(this.logger.child({ part: 'metrics' }));
    registerKernelMetrics(this);
    registerKernelRoutes(this);
    registerPluginRoutes(this);
  }

  /** Discovers, orders and registers every plugin; a plugin that throws stops start-up, named. */
  async load(): Promise<void> {
    if (this.loaded) return;
    this.loaded = true;
    const found = await discoverPlugins(this.config.plugins, this.options.cwd, this.options.builtInDir);
    this.plugins = orderPlugins(found);
    checkStoreVersions(this.plugins, this.logger);
    for (const loaded of this.plugins) this.installedPlugins.add(loaded);
    await this.installedPlugins.preload();
    // Declared event types are known before any register, so the webhooks plugin can catalogue them all.
    this.container.register({ pluginEventTypes: asValue(collectDeclaredEvents(this.plugins.map((p) => p.plugin))) });
    this.container.register({ adminExtensions: asValue(collectAdminExtensions(this.plugins)) });
    for (const loaded of this.plugins) {
      const { plugin } = loaded;
      try {
        await plugin.register(this.contextFor(loaded));
      } catch (err) {
        if (isPluginConfigurationError(err)) {
          this.needsConfiguration(plugin.name, err);
          continue;
        }
        throw new Error(`Plugin "${plugin.name}" failed to register: ${(err as Error).message}`, { cause: err });
      }
    }
    // Every resource schema is added by now: the fields plugins declare join them before routes compile.
    this.schemas.splice(0, this.schemas.length, ...withDeclaredFields(this.schemas, this.plugins.map((p) => p.plugin)));
  }

  // The plugin stays installed (its migrations run) but serves nothing until it is configured.
  private needsConfiguration(plugin: string, err: Error): void {
    this.pluginStates.markNeedsConfiguration(plugin, err.message);
    this.logger.warn({ plugin }, `Plugin "${plugin}" needs configuration and is off: ${err.message}`);
  }

  /**
   * Runs each `kernel.boot` tap in turn: a PluginConfigurationError turns its plugin off (as in
   * `load`); any other error stops start-up with a message naming the plugin and the hook.
   */
  private async boot(): Promise<void> {
    for (const tap of tapsOf(this.kernelHooks.boot)) {
      try {
        await callTap(tap, []);
      } catch (err) {
        if (isPluginConfigurationError(err)) this.needsConfiguration(tap.name, err);
        else throw new Error(`Plugin "${tap.name}" failed in hook kernel.boot: ${(err as Error)?.message ?? err}`, { cause: err });
      }
    }
  }

  // The worker as a plugin sees it: the jobs it defines carry its name into their failure logs.
  private workerFor(plugin: string): Worker {
    const worker = this.worker;
    const isActive = (name: string) => this.pluginStates.isActive(name);
    return new Proxy(worker, {
      get(target, prop) {
        if (prop === 'define') return (name: string, handler: any, opts: object = {}) => target.define(name, handler, { ...opts, plugin });
        if (prop === 'every') return (name: string, everyMs: number, handler: any) => target.every(name, everyMs, handler, plugin);
        // The plugin's own loop: idle while it needs configuration; a failed round names it.
        if (prop === 'addLoop') {
          return (what: string, round: () => Promise<number>, batch: number) =>
            target.addLoop(what, () => (isActive(plugin) ? round().catch((err) => { throw annotatePlugin(err, plugin); }) : Promise.resolve(0)), batch);
        }
        const value = Reflect.get(target, prop, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  private contextFor(loaded: LoadedPlugin): PluginContext {
    const { plugin, dir } = loaded;
    const name = plugin.name;
    return Object.freeze({
      name,
      version: plugin.version,
      dir,
      config: this.config,
      logger: this.logger.child({ plugin: name }),
      knex: this.knex,
      clock: this.clock,
      container: this.container,
      hooks: {
        define: (ns, hooks) => this.hooks.define(ns, name, hooks),
        get: (ns) => this.hooks.get(ns),
      },
      routes: { add: (route) => this.routes.add(name, route) },
      events: this.events,
      worker: this.workerFor(name),
      cli: { add: (command) => this.cli.add(name, command) },
      schemas: {
        add: (schema) => {
          if (this.schemas.some((s) => s.$id === schema.$id)) throw new Error(`Schema "${schema.$id}" is already defined.`);
          this.schemas.push(schema);
        },
      },
      settings: this.installedPlugins.accessFor(name),
      metrics: pluginMetrics(this.metrics, name, () => this.pluginStates.isActive(name)),
    } satisfies PluginContext);
  }

  /** Applies the kernel's and then each plugin's migrations, in dependency order. */
  async migrate(): Promise<string[]> {
    await this.load();
    const sources: MigrationSource[] = [
      { owner: 'kernel', dir: KERNEL_MIGRATIONS },
      ...this.plugins.map((p) => ({ owner: p.plugin.name, dir: p.plugin.migrationsDir ?? path.join(p.dir, 'migrations') })),
    ];
    const applied = await runMigrations(this.knex, sources, this.logger);
    // What operators stored (enabled, settings) decides each plugin's state from here on.
    await this.installedPlugins.refresh();
    this.migrated = true;
    return applied;
  }

  /**
   * Backup and restore (kernel/backup/): the installed plugins, found and ordered as `load` does, and
   * the migration folders `migrate` applies, without registering a plugin or touching the database (a
   * restore needs an empty one; a backup must not change the one it reads).
   */
  async migrationSources(): Promise<{ plugins: LoadedPlugin[]; sources: MigrationSource[] }> {
    const plugins = this.loaded ? this.plugins : orderPlugins(await discoverPlugins(this.config.plugins, this.options.cwd, this.options.builtInDir));
    checkStoreVersions(plugins, this.logger);
    const sources = [
      { owner: 'kernel', dir: KERNEL_MIGRATIONS },
      ...plugins.map((p) => ({ owner: p.plugin.name, dir: p.plugin.migrationsDir ?? path.join(p.dir, 'migrations') })),
    ];
    return { plugins, sources };
  }

  /** Loads, migrates, builds the HTTP app and runs the boot hook: ready for `inject` (no port). */
  async ready(opts: { tls?: boolean } = {}): Promise<FastifyInstance> {
    if (this.app) return this.app;
    if (!this.migrated) await this.migrate();
    if (this.redis) await redisSettled(this.redis);
    const tls = opts.tls ? await loadTls(this.config) : undefined;
    if (tls?.generated) this.config.notices(`Generated a self-signed TLS certificate in ${path.join(this.config.dataDir, 'tls')}.`);
    const locale = () => (this.container.resolve('storeLocale') as () => StoreLocale)();
    this.app = await buildApp({
      config: this.config,
      logger: this.logger,
      clock: this.clock,
      knex: this.knex,
      redis: this.redis,
      container: this.container,
      hooks: this.kernelHooks,
      routes: this.routes,
      schemas: this.schemas,
      locale,
      responseCache: this.responseCache,
      listPositions: this.listPositions,
      tls,
      webhooks: this.openApiWebhooks,
      isActive: (plugin) => this.pluginStates.isActive(plugin),
      directReads: this.directReads,
      onRequestEnd: (ended) => {
        this.metrics.requestEnded(ended);
        this.idleCollection.noteActivity();
      },
    });
    await this.app.ready();
    this.container.register({ internalApi: asValue(internalApi(this.app)) });
    await this.boot();
    this.installedPlugins.start();
    if (this.responseCache.enabled) {
      await this.foreignChanges.check();
      this.foreignChanges.start();
      await this.changeAnnouncer?.start();
    }
    if (this.options.workers !== false) {
      this.startLoops();
      await this.checkpointer?.start();
    }
    return this.app;
  }

  /** A change committed here or noticed from another process: cached answers and list positions go. */
  private forgetComputedReads(): void {
    this.responseCache.invalidate();
    this.listPositions?.invalidate();
  }

  /** Starts the outbox dispatcher and the job worker. */
  startLoops(): void {
    this.events.start();
    this.worker.start();
  }

  /** Serves HTTPS on PORT (plain HTTP on that port is answered with a 403). */
  async start(): Promise<FastifyInstance> {
    const app = await this.ready({ tls: true });
    await app.listen({ port: this.config.port, host: this.config.host });
    this.idleCollection.start();
    return app;
  }

  /** A request through the real app without a port (tests). */
  async inject(opts: InjectOptions): Promise<LightMyRequestResponse> {
    const app = await this.ready();
    return app.inject(opts);
  }

  /**
   * Graceful stop: drain (new requests get a 503, kept-alive connections close after their answer;
   * see http/drain.ts), stop accepting, let in-flight requests finish, stop the loops (each finishes
   * its current item), run the shutdown hook, close Redis and the database.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.idleCollection.stop();
      if (this.app) await drainConnections(this.app, this.config.shutdownGraceMs);
      await this.app?.close();
      await Promise.all([this.worker.stop(), this.foreignChanges.stop(), this.installedPlugins.stop(), this.changeAnnouncer?.stop()]);
      // The outbox stops last: the events of the jobs that finished above are still its to dispatch,
      // or to give back to the table for the next dispatcher.
      await this.events.stop();
      await this.kernelHooks.shutdown.promise();
      await this.checkpointer?.stop();
      // quit() fails while Redis is unreachable; disconnect() then stops the reconnect attempts.
      if (this.redis) await this.redis.quit().catch(() => this.redis!.disconnect());
      await this.knex.destroy();
    })();
    return this.stopping;
  }
}

// Before serving, wait until Redis is connected (or has failed, or 5 s passed), so the first requests
// are counted instead of failing open while the connection is still being made.
function redisSettled(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, 5000);
    redis.once('ready', done).once('error', done);
  });
}

function annotatePlugin(err: unknown, plugin: string): unknown {
  if (err && typeof err === 'object') (err as { plugin?: string }).plugin ??= plugin;
  return err;
}

/** Creates a kernel for this configuration; nothing is loaded or opened until `ready`/`start`/`migrate`. */
export function createKernel(config: Config, options: KernelOptions = {}): Kernel {
  return new Kernel(config, options);
}
