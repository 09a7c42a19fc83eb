import { AsyncSeriesBailHook, AsyncSeriesHook, type AsyncSeriesWaterfallHook, type Hook } from 'tapable';
import type { Logger } from './logger.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from './http/principal.ts';
import type { EventRecord } from './events.ts';

/**
 * Named hook sets, one object per namespace. Plugins add their own by augmenting this interface:
 *   declare module '../../kernel/hooks.ts' { interface HookSets { catalog: CatalogHooks } }
 * and calling `ctx.hooks.define('catalog', {...})`; later plugins reach them with `ctx.hooks.get('catalog')`.
 */
export interface HookSets {
  kernel: KernelHooks;
  events: EventHooks;
}

export interface KernelHooks {
  /** After migrations and routes, before the server listens: seed data, ensure accounts. */
  boot: AsyncSeriesHook<[]>;
  /** On graceful stop, after the server stopped accepting and before the database closes. */
  shutdown: AsyncSeriesHook<[]>;
  /** Resolves the caller of a request; the first tap that recognises the credentials wins (bail). */
  authenticate: AsyncSeriesBailHook<[FastifyRequest], Principal | undefined>;
  /**
   * A GET for a path no route serves: a tap may answer it itself (the storefront's themed 404 page for a
   * browser) by sending the reply and returning true; otherwise the API's JSON 404 answers.
   */
  notFound: AsyncSeriesBailHook<[FastifyRequest, FastifyReply], true | undefined>;
}

export interface EventHooks {
  /** Runs once per committed event, at least once, from the outbox; a throwing tap is retried with backoff. */
  afterCommit: AsyncSeriesHook<[EventRecord]>;
}

export class HookError extends Error {}

type AnyHook = Hook<any, any>;

// Errors leaving a tap carry the hook's and the tapping plugin's names, so a log says who failed where.
function annotate(err: unknown, hook: string, plugin: string): unknown {
  if (err && typeof err === 'object') {
    const e = err as { hook?: string; plugin?: string };
    e.hook ??= hook;
    e.plugin ??= plugin;
  }
  return err;
}

// A tap of a plugin that is not active (it needs configuration) returns undefined: the value passes
// through a waterfall, a bail hook goes on to the next tap, a series hook ignores it.
function nameTaps(hook: AnyHook, hookName: string, isActive: (plugin: string) => boolean): void {
  hook.intercept({
    register(tap: any) {
      const fn = tap.fn;
      if (tap.type === 'promise') {
        tap.fn = (...args: unknown[]) =>
          Promise.resolve()
            .then(() => (isActive(tap.name) ? fn(...args) : undefined))
            .catch((err: unknown) => {
              throw annotate(err, hookName, tap.name);
            });
      } else if (tap.type === 'sync') {
        tap.fn = (...args: unknown[]) => {
          try {
            return isActive(tap.name) ? fn(...args) : undefined;
          } catch (err) {
            throw annotate(err, hookName, tap.name);
          }
        };
      } else if (tap.type === 'async') {
        // tapAsync: the last argument is the callback; an inactive plugin's tap calls it at once, empty.
        tap.fn = (...args: unknown[]) => {
          const callback = args.pop() as (err?: unknown, result?: unknown) => void;
          if (!isActive(tap.name)) return callback();
          try {
            fn(...args, (err: unknown, result?: unknown) => (err ? callback(annotate(err, hookName, tap.name)) : callback(null, result)));
          } catch (err) {
            callback(annotate(err, hookName, tap.name));
          }
        };
      }
      return tap;
    },
  });
}

/** The registry of hook sets: each namespace is defined once, by its owner, and frozen. */
export class HookRegistry {
  private readonly sets = new Map<string, { owner: string; hooks: object }>();

  /** `isActive` says whether a plugin's taps run (see PluginStates). */
  constructor(private readonly isActive: (plugin: string) => boolean = () => true) {}

  define<K extends keyof HookSets>(namespace: K, owner: string, hooks: HookSets[K]): HookSets[K] {
    const existing = this.sets.get(namespace);
    if (existing) throw new HookError(`Hooks "${namespace}" are already defined by "${existing.owner}"; "${owner}" cannot define them again.`);
    for (const [name, hook] of Object.entries(hooks as object)) nameTaps(hook as AnyHook, `${namespace}.${name}`, this.isActive);
    const frozen = Object.freeze(hooks) as HookSets[K];
    this.sets.set(namespace, { owner, hooks: frozen as object });
    return frozen;
  }

  get<K extends keyof HookSets>(namespace: K): HookSets[K] {
    const set = this.sets.get(namespace);
    if (!set) {
      throw new HookError(`No plugin defines hooks "${namespace}". Add the plugin that offers them to dependsOn, or install it.`);
    }
    return set.hooks as HookSets[K];
  }

  has(namespace: string): boolean {
    return this.sets.has(namespace);
  }

  /** Namespace → owner, for `plugins list` and the docs. */
  owners(): Record<string, string> {
    return Object.fromEntries([...this.sets].map(([ns, s]) => [ns, s.owner]));
  }
}

export function createKernelHooks(): KernelHooks {
  return {
    boot: new AsyncSeriesHook<[]>(),
    shutdown: new AsyncSeriesHook<[]>(),
    authenticate: new AsyncSeriesBailHook<[FastifyRequest], Principal | undefined>(['request']),
    notFound: new AsyncSeriesBailHook<[FastifyRequest, FastifyReply], true | undefined>(['request', 'reply']),
  };
}

export function createEventHooks(): EventHooks {
  return { afterCommit: new AsyncSeriesHook<[EventRecord]>(['event']) };
}

/**
 * Runs a waterfall hook's taps one by one, each isolated: a tap that throws is logged at error on
 * `logger` (its plugin, the hook; pass the request's logger to have the request id) and its
 * contribution is dropped, the value going on to the next tap as it was before. For hooks that collect offers from many providers
 * (shipping rates, payment methods), where one broken provider must not fail the request for all.
 * Tap authors see the ordinary waterfall contract (value in, value out; `undefined` keeps the value);
 * the hook's own call/tap interceptors are not run.
 */
export async function collectFromEachTap<T, C>(hook: AsyncSeriesWaterfallHook<[T, C]>, hookName: string, initial: T, context: C, logger: Logger): Promise<T> {
  let value = initial;
  for (const tap of tapsOf(hook)) {
    // A copy, so a tap that appended in place and then threw leaves nothing behind.
    const given = (Array.isArray(value) ? [...value] : value) as T;
    try {
      const result = (await callTap(tap, [given, context])) as T | undefined;
      value = result !== undefined ? result : given;
    } catch (err) {
      logger.error({ err, plugin: tap.name, hook: hookName }, `a ${hookName} tap of plugin "${tap.name}" failed; its offers are left out`);
    }
  }
  return value;
}

type TapOf = { name: string; type: string; fn: (...args: any[]) => any };

/** Calls one tap of a hook directly, whatever way it was tapped (tap, tapPromise, tapAsync). */
export function callTap(tap: TapOf, args: unknown[]): Promise<unknown> {
  if (tap.type === 'async') return new Promise((resolve, reject) => tap.fn(...args, (err: unknown, r?: unknown) => (err ? reject(err) : resolve(r))));
  return Promise.resolve().then(() => tap.fn(...args));
}

/** The taps of a hook, in the order the hook calls them. */
export function tapsOf(hook: AnyHook): TapOf[] {
  return hook.taps as TapOf[];
}
