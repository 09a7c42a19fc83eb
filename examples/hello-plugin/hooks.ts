import { AsyncSeriesWaterfallHook } from '@storekeep-commerce/sdk';

/** The hooks this plugin offers other plugins, one frozen object under the `hello` namespace. */
export interface HelloHooks {
  /** Passes a greeting's message along every tap before it is stored; each tap returns the new message. */
  greeting: AsyncSeriesWaterfallHook<[string]>;
}

// Tells TypeScript that `ctx.hooks.get('hello')` returns HelloHooks, for this plugin and those that tap it.
declare module '@storekeep-commerce/sdk' {
  interface HookSets {
    hello: HelloHooks;
  }
}

export function createHelloHooks(): HelloHooks {
  return { greeting: new AsyncSeriesWaterfallHook<[string]>(['message']) };
}
