import type { AsyncSeriesWaterfallHook } from '@storekeep-commerce/sdk';

// The part of the hello plugin's contract this plugin uses, as hello's README documents it: the
// `hello.greeting` hook. Declaring it here types `ctx.hooks.get('hello')` without a path into another
// package's source (a plugin that publishes its hook types could be imported from its package instead).
declare module '@storekeep-commerce/sdk' {
  interface HookSets {
    hello: { greeting: AsyncSeriesWaterfallHook<[string]> };
  }
}
