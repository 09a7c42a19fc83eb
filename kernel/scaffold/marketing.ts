import type { PluginNames } from './names.ts';
import { readme, storeRange, type StoreInfo } from './common.ts';

/** A marketing plugin: records every checkout started (from `checkout.created`), for reminders; a staff route lists them. */
export function marketingFiles(n: PluginNames, store: StoreInfo): Record<string, string> {
  const table = `${n.snake}_checkouts`;
  return {
    'index.ts': `import { definePlugin } from '@storekeep-commerce/sdk';
import { recordCheckout } from './checkouts.ts';
import { registerRoutes } from './routes.ts';

export const PLUGIN_NAME = '${n.name}';

/** ${n.title}: remembers the checkouts shoppers start, to remind those who do not finish. */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '0.1.0',
  description: '${n.title}: the checkouts shoppers started, with when to remind them.',
  kinds: ['marketing'],
  dependsOn: ['core-auth', 'core-checkout'],
  storeVersions: '${storeRange(store.version)}',
  settings: {
    type: 'object',
    properties: {
      remind_after_minutes: { type: 'integer', minimum: 1, default: 60, 'x-env': '${n.env}_REMIND_AFTER_MINUTES', description: 'How long after a checkout starts a reminder is due.' },
    },
  },
  register(ctx) {
    // Runs once per committed event from the store's outbox, at least once (a throw is retried later):
    // recordCheckout is idempotent, and nothing here slows the shopper's request down.
    ctx.hooks.get('events').afterCommit.tapPromise({ name: PLUGIN_NAME }, async (event) => {
      if (event.type !== 'checkout.created') return;
      const { remind_after_minutes: minutes } = ctx.settings.get() as { remind_after_minutes: number };
      await recordCheckout(ctx.knex, event.data, new Date(ctx.clock.now().getTime() + minutes * 60_000));
    });
    registerRoutes(ctx);
  },
});
`,
    'checkouts.ts': `import type { PluginContext } from '@storekeep-commerce/sdk';

type Knex = PluginContext['knex'];

/** What this plugin reads of a \`checkout.created\` event's data (the checkout as the API shows it). */
interface CheckoutData {
  id: string;
  email: string | null;
  total: { amount: string; currency: string };
}

/** Records a started checkout once (an event delivered twice changes nothing). */
export async function recordCheckout(knex: Knex, checkout: CheckoutData, remindAt: Date): Promise<void> {
  await knex('${table}')
    .insert({ checkout_id: checkout.id, email: checkout.email, total: checkout.total.amount, currency: checkout.total.currency, remind_at: remindAt })
    .onConflict('checkout_id')
    .ignore();
}
`,
    'routes.ts': `import { listQuerySchema, pageSchema, paginate, type ListSpec, type PluginContext } from '@storekeep-commerce/sdk';

const checkoutView = {
  type: 'object',
  required: ['checkout_id', 'email', 'total', 'currency', 'remind_at'],
  properties: {
    checkout_id: { type: 'string' },
    email: { type: ['string', 'null'] },
    total: { type: 'string', description: 'The checkout total when it started, a decimal string.' },
    currency: { type: 'string' },
    remind_at: { type: 'string', format: 'date-time' },
  },
} as const;

const spec: ListSpec = { ordering: { remind_at: 'remind_at' }, defaultOrdering: '-remind_at' };

/** Staff see the started checkouts and when each reminder is due. */
export function registerRoutes(ctx: PluginContext): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/${n.name}/checkouts/',
    auth: 'staff',
    summary: 'The checkouts shoppers started, latest reminder first.',
    schema: { querystring: listQuerySchema(spec), response: { 200: pageSchema(checkoutView) } },
    handler: async (request) =>
      paginate(request, ctx.config.baseUrl, ctx.knex('${table}'), spec, (rows: any[]) =>
        rows.map((r) => ({ checkout_id: r.checkout_id, email: r.email, total: r.total, currency: r.currency, remind_at: new Date(r.remind_at).toISOString() })),
      ),
  });
}
`,
    'migrations/001-checkouts.ts': `import type { PluginContext } from '@storekeep-commerce/sdk';

type Knex = PluginContext['knex'];

// One row per checkout started: who, how much, and when a reminder is due.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('${table}', (t) => {
    t.bigIncrements('id');
    t.string('checkout_id', 64).notNullable().unique();
    t.string('email', 254);
    t.string('total', 32).notNullable();
    t.string('currency', 3).notNullable();
    t.datetime('remind_at', { precision: 3 }).notNullable();
    t.index(['remind_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('${table}');
}
`,
    [`test/${n.name}.test.ts`]: `import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startStore, type TestStore } from '@storekeep-commerce/sdk/testing';

// A real store with this plugin loaded from its folder (SQLite; MySQL/MariaDB when DATABASE_URL is set).
const PLUGIN_DIR = fileURLToPath(new URL('..', import.meta.url));
let store: TestStore;
before(async () => {
  store = await startStore({ plugins: [PLUGIN_DIR], settings: { '${n.name}': { remind_after_minutes: 30 } } });
});
after(() => store?.close());

test('a checkout a guest starts is recorded from checkout.created, with its reminder due after the set delay', async () => {
  const bought = await store.guestCheckout({ email: 'shopper@example.com' });
  const staff = { authorization: \`Token \${await store.staffKey()}\` };
  // The event reaches the plugin from the store's outbox shortly after the checkout commits.
  let found: any;
  for (let i = 0; i < 100 && !found; i++, await sleep(100)) {
    const res = await store.inject({ method: 'GET', url: '/api/v1/${n.name}/checkouts/', headers: staff });
    assert.equal(res.statusCode, 200, res.body);
    found = res.json().results.find((c: { checkout_id: string }) => c.checkout_id === bought.checkout.id);
  }
  assert.ok(found, 'the checkout is recorded');
  assert.equal(found.email, 'shopper@example.com');
  const delay = Date.parse(found.remind_at) - Date.parse(bought.checkout.created_at);
  assert.ok(delay >= 29 * 60_000 && delay <= 31 * 60_000, \`reminder due 30 minutes later, got \${delay} ms\`);
});

test('only staff may list the checkouts', async () => {
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/${n.name}/checkouts/' })).statusCode, 401);
  const customer = await store.customerSession();
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/${n.name}/checkouts/', headers: customer.headers })).statusCode, 403);
});
`,
    'README.md': readme(
      n,
      'marketing',
      `${n.title}: remembers the checkouts shoppers start, and when to remind those who do not finish.`,
      `## Settings

| Setting | | Default |
|---|---|---|
| \`remind_after_minutes\` | how long after a checkout starts its reminder is due | \`60\` (or \`${n.env}_REMIND_AFTER_MINUTES\`) |

## What it adds

- Taps \`events.afterCommit\` for \`checkout.created\` (at least once, after the checkout commits; idempotent).
- Table \`${table}\`: one row per checkout started.
- Route \`GET /api/v1/${n.name}/checkouts/\` (staff): the checkouts, latest reminder first (paged).
- Next step for a real mailer: a recurring job (\`ctx.worker.every\`) sending the reminders due.`,
    ),
  };
}
