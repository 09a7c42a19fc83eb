import { definePlugin } from '@storekeep-commerce/sdk';
// For the types only: the `hello` hook set's declaration.
import type {} from './hello-hooks.ts';

const PLUGIN_NAME = 'hello-shout';

/** Extends the hello plugin through the hook it offers: every greeting is stored upper-cased. */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  storeVersions: '>=0.1.0 <0.2.0',
  description: 'Upper-cases every greeting of the hello plugin.',
  // Registered after `hello`, whatever order PLUGINS lists them in, so its hooks exist when we tap them.
  dependsOn: ['hello'],
  register(ctx) {
    ctx.hooks.get('hello').greeting.tapPromise({ name: PLUGIN_NAME }, async (message) => message.toUpperCase());
  },
});
