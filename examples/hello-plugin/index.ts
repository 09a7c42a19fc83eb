import { asValue, definePlugin } from '@storekeep-commerce/sdk';
import { createHelloHooks } from './hooks.ts';
import { registerRoutes } from './routes.ts';
import { GreetingService } from './services/greetings.ts';

export const PLUGIN_NAME = 'hello';

/**
 * An example third-party plugin: a table (migrations/), a service in the container, routes, an event
 * it emits (`hello.greeted`), a hook it offers (`hello.greeting`) and a tap on `events.afterCommit`.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '1.0.0',
  storeVersions: '>=0.1.0 <0.2.0',
  description: 'Greetings: the model plugin of the plugin author’s guide.',
  kinds: ['example'],
  dependsOn: [],
  register(ctx) {
    const hooks = ctx.hooks.define('hello', createHelloHooks());
    const greetings = new GreetingService({ knex: ctx.knex, clock: ctx.clock, events: ctx.events, hooks });
    ctx.container.register({ greetingService: asValue(greetings) });
    registerRoutes(ctx, greetings);

    // Runs after each committed event, from the outbox: the place for anything with side effects.
    ctx.hooks.get('events').afterCommit.tapPromise({ name: PLUGIN_NAME }, async (event) => {
      await ctx.knex('hello_event_log').insert({
        event_id: event.id,
        type: event.type,
        data: JSON.stringify(event.data),
        created_at: ctx.clock.now(),
      });
    });
  },
});
