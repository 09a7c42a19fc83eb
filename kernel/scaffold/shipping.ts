import type { PluginNames } from './names.ts';
import { readme, storeRange, type StoreInfo } from './common.ts';

/** A shipping provider: a rate by weight plus a surcharge per country (its table), set by staff. */
export function shippingFiles(n: PluginNames, store: StoreInfo): Record<string, string> {
  const table = `${n.snake}_surcharges`;
  return {
    'index.ts': `import { definePlugin } from '@storekeep-commerce/sdk';
import { rateFor } from './rates.ts';
import { registerRoutes } from './routes.ts';

export const PLUGIN_NAME = '${n.name}';

/** ${n.title}: a shipping rate by weight, plus a surcharge per destination country. */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '0.1.0',
  description: '${n.title} shipping: a rate by weight with surcharges per country.',
  kinds: ['shipping'],
  dependsOn: ['core-auth', 'core-checkout'],
  storeVersions: '${storeRange(store.version)}',
  settings: {
    type: 'object',
    properties: {
      base_minor: { type: 'integer', minimum: 0, default: 400, 'x-env': '${n.env}_BASE_MINOR', description: 'The price of any parcel, in minor units of the checkout\\'s currency.' },
      per_kg_minor: { type: 'integer', minimum: 0, default: 200, description: 'Added per started kilogram.' },
    },
  },
  register(ctx) {
    // Read at each quote: settings changed through the API apply without a restart.
    const settings = () => ctx.settings.get() as { base_minor: number; per_kg_minor: number };
    // List in, list out: add this provider's rate, never remove another plugin's.
    ctx.hooks.get('checkout').collectShippingRates.tapPromise({ name: PLUGIN_NAME }, async (rates, context) => [
      ...rates,
      await rateFor(context, settings()),
    ]);
    registerRoutes(ctx);
  },
});
`,
    'rates.ts': `import type { ShippingContext, ShippingRate } from '@storekeep-commerce/sdk/checkout';

export const RATE_ID = '${n.name}';

/** The rate for one checkout: base + per started kg (lines without a weight count as 0) + the country's surcharge. */
export async function rateFor(context: ShippingContext, settings: { base_minor: number; per_kg_minor: number }): Promise<ShippingRate> {
  const kilograms = Math.ceil((context.total_weight ?? 0) / 1000);
  const surcharge = await context.db('${table}').where({ country: context.address.country }).first();
  return {
    id: RATE_ID,
    name: '${n.title}',
    provider: '${n.name}',
    price_minor: settings.base_minor + kilograms * settings.per_kg_minor + Number(surcharge?.amount_minor ?? 0),
    currency: context.currency,
  };
}
`,
    'routes.ts': `import { pageSchema, type PluginContext } from '@storekeep-commerce/sdk';

const surchargeView = {
  type: 'object',
  required: ['country', 'amount_minor'],
  properties: { country: { type: 'string', pattern: '^[A-Z]{2}$' }, amount_minor: { type: 'integer', minimum: 0 } },
} as const;

const countryParams = { type: 'object', required: ['country'], properties: { country: { type: 'string', pattern: '^[A-Z]{2}$' } } } as const;
const surchargeBody = { type: 'object', required: ['amount_minor'], additionalProperties: false, properties: { amount_minor: { type: 'integer', minimum: 0, maximum: 100000000 } } } as const;

const view = (r: any) => ({ country: r.country, amount_minor: Number(r.amount_minor) });

/** Staff set and read the surcharge per destination country. */
export function registerRoutes(ctx: PluginContext): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/${n.name}/surcharges/',
    auth: 'staff',
    summary: 'The surcharges per destination country.',
    schema: { response: { 200: pageSchema(surchargeView) } },
    handler: async () => {
      const rows = (await ctx.knex('${table}').orderBy('country')).map(view);
      return { count: rows.length, next: null, previous: null, results: rows };
    },
  });

  ctx.routes.add({
    method: 'PUT',
    path: '/api/v1/${n.name}/surcharges/:country/',
    auth: 'staff',
    summary: 'Sets the surcharge for a country (ISO 3166-1 alpha-2, upper case).',
    schema: { params: countryParams, body: surchargeBody, response: { 200: surchargeView } },
    handler: async (request) => {
      const { country } = request.params as { country: string };
      const { amount_minor } = request.body as { amount_minor: number };
      // PUT runs in one transaction (request.trx): insert or replace.
      await request.trx!('${table}').insert({ country, amount_minor }).onConflict('country').merge();
      return view(await request.trx!('${table}').where({ country }).first());
    },
  });
}
`,
    'migrations/001-surcharges.ts': `import type { PluginContext } from '@storekeep-commerce/sdk';

type Knex = PluginContext['knex'];

// The surcharge staff set per destination country, in minor units of the checkout's currency.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('${table}', (t) => {
    t.string('country', 2).primary();
    t.bigInteger('amount_minor').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('${table}');
}
`,
    [`test/${n.name}.test.ts`]: `import test, { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startStore, type TestStore } from '@storekeep-commerce/sdk/testing';
import { RATE_ID } from '../rates.ts';

// A real store with this plugin loaded from its folder (SQLite; MySQL/MariaDB when DATABASE_URL is set).
const PLUGIN_DIR = fileURLToPath(new URL('..', import.meta.url));
let store: TestStore;
let staff: { authorization: string };
before(async () => {
  store = await startStore({ plugins: [PLUGIN_DIR], settings: { '${n.name}': { base_minor: 400, per_kg_minor: 200 } } });
  staff = { authorization: \`Token \${await store.staffKey()}\` };
});
after(() => store?.close());

test('staff set a surcharge for a country; a guest checkout to that country ships with the rate including it', async () => {
  const put = await store.inject({ method: 'PUT', url: '/api/v1/${n.name}/surcharges/DE/', headers: staff, payload: { amount_minor: 300 } });
  assert.equal(put.statusCode, 200, put.body);
  assert.deepEqual(put.json(), { country: 'DE', amount_minor: 300 });
  const list = await store.inject({ method: 'GET', url: '/api/v1/${n.name}/surcharges/', headers: staff });
  assert.deepEqual(list.json().results, [{ country: 'DE', amount_minor: 300 }]);

  const bought = await store.guestCheckout({ shippingMethod: RATE_ID, address: { first_name: 'Ada', last_name: 'Lovelace', address_line_1: '1 Main St', city: 'Berlin', postal_code: '10115', country: 'DE' } });
  assert.equal(bought.checkout.shipping_method.id, RATE_ID);
  assert.equal(bought.checkout.shipping.amount, '7.00', 'base 4.00 + 0 kg + the 3.00 surcharge');
});

test('refusals: a bad country or amount is a 400; only staff may set surcharges', async () => {
  assert.equal((await store.inject({ method: 'PUT', url: '/api/v1/${n.name}/surcharges/de/', headers: staff, payload: { amount_minor: 1 } })).statusCode, 400);
  assert.equal((await store.inject({ method: 'PUT', url: '/api/v1/${n.name}/surcharges/FR/', headers: staff, payload: { amount_minor: -1 } })).statusCode, 400);
  assert.equal((await store.inject({ method: 'PUT', url: '/api/v1/${n.name}/surcharges/FR/', payload: { amount_minor: 1 } })).statusCode, 401);
  const list = await store.inject({ method: 'GET', url: '/api/v1/${n.name}/surcharges/', headers: staff });
  assert.ok(!list.json().results.some((s: { country: string }) => s.country === 'FR'));
});
`,
    'README.md': readme(
      n,
      'shipping',
      `${n.title} shipping: a rate by weight (\`base_minor\` + \`per_kg_minor\` per started kilogram) plus a surcharge per destination country.`,
      `## Settings

| Setting | | Default |
|---|---|---|
| \`base_minor\` | price of any parcel, minor units of the checkout's currency | \`400\` (or \`${n.env}_BASE_MINOR\`) |
| \`per_kg_minor\` | added per started kilogram | \`200\` |

## What it adds

- Rate \`${n.name}\` for every address, through the \`checkout.collectShippingRates\` hook.
- Table \`${table}\`: the surcharge per country.
- Routes (staff): \`GET /api/v1/${n.name}/surcharges/\`; \`PUT /api/v1/${n.name}/surcharges/{country}/ {"amount_minor": 300}\`
  (a country that is not two upper-case letters, or a negative amount: 400).`,
    ),
  };
}
