import type { PluginNames } from './names.ts';
import { readme, storeRange, type StoreInfo } from './common.ts';

/** A redirect payment gateway: its methods, the PaymentGateway contract, a table of started payments and a staff route. */
export function paymentFiles(n: PluginNames, store: StoreInfo): Record<string, string> {
  const table = `${n.snake}_payments`;
  return {
    'index.ts': `import { definePlugin } from '@storekeep-commerce/sdk';
import type { PaymentGatewayRegistry } from '@storekeep-commerce/sdk/checkout';
import { ${n.pascal}Gateway, methodsFor } from './gateway.ts';
import { registerRoutes } from './routes.ts';

export const PLUGIN_NAME = '${n.name}';

/** ${n.title}: a payment gateway that sends the shopper to the provider's hosted page. */
export default definePlugin({
  name: PLUGIN_NAME,
  version: '0.1.0',
  description: '${n.title} payments through the provider\\'s hosted page.',
  kinds: ['payment'],
  dependsOn: ['core-auth', 'core-checkout'],
  storeVersions: '${storeRange(store.version)}',
  settings: {
    type: 'object',
    properties: {
      api_key: { type: 'string', minLength: 1, writeOnly: true, 'x-env': '${n.env}_API_KEY', description: 'The provider account\\'s API key (a secret).' },
      checkout_url: { type: 'string', format: 'uri', default: 'https://pay.example.com/checkout', description: 'The provider\\'s hosted payment page.' },
    },
    required: ['api_key'],
  },
  register(ctx) {
    // Read at each payment: settings changed through the API apply without a restart.
    const settings = () => ctx.settings.get() as { api_key: string; checkout_url: string };
    ctx.container.resolve<PaymentGatewayRegistry>('paymentGateways').register(new ${n.pascal}Gateway(settings));
    // List in, list out: add this gateway's methods, never remove another plugin's.
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: PLUGIN_NAME }, async (methods, context) => [...methods, ...methodsFor(context)]);
    registerRoutes(ctx);
  },
});
`,
    'gateway.ts': `import crypto from 'node:crypto';
import {
  PaymentGateway,
  type GatewayContext,
  type GatewayError,
  type OrderSummary,
  type PaymentMethod,
  type PaymentMethodContext,
  type PaymentRecord,
  type PaymentStart,
} from '@storekeep-commerce/sdk/checkout';

export const GATEWAY = '${n.snake}';
export const METHOD_ID = '${n.snake}_card';

/** The methods offered for one checkout: a live method, so not in test mode nor to test keys. */
export function methodsFor(context: PaymentMethodContext): PaymentMethod[] {
  if (context.test) return [];
  return [{ id: METHOD_ID, name: 'Card (${n.title})', description: 'Pay on ${n.title}\\'s secure page.', gateway: GATEWAY, test: false }];
}

/**
 * The gateway core-checkout calls. Every answer is a value: a refusal is a GatewayError
 * (\`{error: true, message}\`), which the store shows the shopper as a 402, never a throw.
 */
export class ${n.pascal}Gateway extends PaymentGateway {
  readonly identifier = GATEWAY;

  constructor(private readonly settings: () => { api_key: string; checkout_url: string }) {
    super();
  }

  /** Starts a payment: a real gateway asks the provider's API for a session here (with the API key). */
  async createPayment(ctx: GatewayContext, order: OrderSummary, payment: PaymentRecord): Promise<PaymentStart | GatewayError> {
    const { checkout_url: checkoutUrl } = this.settings();
    const reference = \`${n.snake}_\${crypto.randomBytes(12).toString('hex')}\`;
    // The order and the payment row are committed before a gateway is asked: the reference refers to them.
    await ctx.db('${table}').insert({ payment_id: payment.id, order_number: order.order_number, reference, amount_minor: payment.amount_minor, currency: payment.currency, created_at: new Date() });
    const redirect = new URL(checkoutUrl);
    redirect.searchParams.set('reference', reference);
    redirect.searchParams.set('return_url', ctx.returnUrl);
    return { status: 'pending', redirect_url: redirect.toString(), external_id: reference };
  }

  /** The provider captures when the shopper pays. */
  async capture(): Promise<{ status: 'succeeded' }> {
    return { status: 'succeeded' };
  }

  /** A real gateway calls the provider's refund API with \`payment.external_id\` here. */
  async refund(_ctx: GatewayContext, payment: PaymentRecord, amountMinor: number): Promise<{ status: 'succeeded' } | GatewayError> {
    if (amountMinor > payment.captured_minor - payment.refunded_minor) return { error: true, message: 'The refund is more than what is left to refund.' };
    return { status: 'succeeded' };
  }
}
`,
    'routes.ts': `import { listQuerySchema, pageSchema, paginate, type ListSpec, type PluginContext } from '@storekeep-commerce/sdk';

const paymentView = {
  type: 'object',
  required: ['payment_id', 'order_number', 'reference', 'amount_minor', 'currency', 'created_at'],
  properties: {
    payment_id: { type: 'integer' },
    order_number: { type: 'string' },
    reference: { type: 'string', description: 'The provider\\'s reference of the payment.' },
    amount_minor: { type: 'integer' },
    currency: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

const spec: ListSpec = { ordering: { created_at: 'created_at' }, defaultOrdering: '-created_at' };

/** Staff see the payments this gateway started, with the provider's references (for support). */
export function registerRoutes(ctx: PluginContext): void {
  ctx.routes.add({
    method: 'GET',
    path: '/api/v1/${n.name}/payments/',
    auth: 'staff',
    summary: 'The payments started through ${n.title}, newest first.',
    schema: { querystring: listQuerySchema(spec), response: { 200: pageSchema(paymentView) } },
    handler: async (request) =>
      paginate(request, ctx.config.baseUrl, ctx.knex('${table}'), spec, (rows: any[]) =>
        rows.map((r) => ({ payment_id: Number(r.payment_id), order_number: r.order_number, reference: r.reference, amount_minor: Number(r.amount_minor), currency: r.currency, created_at: new Date(r.created_at).toISOString() })),
      ),
  });
}
`,
    'migrations/001-payments.ts': `import type { PluginContext } from '@storekeep-commerce/sdk';

type Knex = PluginContext['knex'];

// One row per payment this gateway started: the provider's reference, to match its notifications.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('${table}', (t) => {
    t.bigIncrements('id');
    t.bigInteger('payment_id').notNullable().unique();
    t.string('order_number', 40).notNullable();
    t.string('reference', 100).notNullable().unique();
    t.bigInteger('amount_minor').notNullable();
    t.string('currency', 3).notNullable();
    t.datetime('created_at', { precision: 3 }).notNullable();
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
import { METHOD_ID } from '../gateway.ts';

// A real store with this plugin loaded from its folder (SQLite; MySQL/MariaDB when DATABASE_URL is set).
const PLUGIN_DIR = fileURLToPath(new URL('..', import.meta.url));
let store: TestStore;
before(async () => {
  store = await startStore({ plugins: [PLUGIN_DIR], settings: { '${n.name}': { api_key: 'test-api-key', checkout_url: 'https://pay.example.com/checkout' } } });
});
after(() => store?.close());

test('a guest pays with ${n.snake}_card: the shopper is sent to the provider and staff see the payment', async () => {
  const bought = await store.guestCheckout({ paymentMethod: METHOD_ID });
  assert.equal(bought.payment.status, 'pending');
  const redirect = new URL(bought.redirect!);
  assert.equal(redirect.origin + redirect.pathname, 'https://pay.example.com/checkout');
  const reference = redirect.searchParams.get('reference');

  const staff = { authorization: \`Token \${await store.staffKey()}\` };
  const res = await store.inject({ method: 'GET', url: '/api/v1/${n.name}/payments/', headers: staff });
  assert.equal(res.statusCode, 200, res.body);
  const [payment] = res.json().results;
  assert.deepEqual(
    { payment_id: payment.payment_id, order_number: payment.order_number, reference: payment.reference },
    { payment_id: bought.payment.id, order_number: bought.order.order_number, reference },
  );
});

test('only staff may list the payments', async () => {
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/${n.name}/payments/' })).statusCode, 401);
  const customer = await store.customerSession();
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/${n.name}/payments/', headers: customer.headers })).statusCode, 403);
});
`,
    'README.md': readme(
      n,
      'payment',
      `${n.title} payments: the shopper pays on the provider's hosted page (\`checkout_url\`).`,
      `## Settings

| Setting | | Default |
|---|---|---|
| \`api_key\` | required, secret (never shown again) | \`${n.env}_API_KEY\` |
| \`checkout_url\` | the provider's hosted page | \`https://pay.example.com/checkout\` |

Set them with \`PATCH /api/v1/plugins/${n.name}/ {"settings": {...}}\` or \`npx storekeep plugins configure ${n.name} api_key=…\`.
Without \`api_key\` the plugin is \`needs_configuration\` and offers nothing.

## What it adds

- Payment method \`${n.snake}_card\` (gateway \`${n.snake}\`), offered to live checkouts (not in test mode),
  through the \`checkout.collectPaymentMethods\` hook.
- Table \`${table}\`: one row per payment started, with the provider's reference.
- Route \`GET /api/v1/${n.name}/payments/\` (staff): the payments started, newest first (paged).
- Errors: the gateway answers refusals as values (\`{error: true, message}\`): a payment refused is a 402
  \`payment_failed\` to the shopper, a refund refused a 502 \`refund_failed\` to staff.`,
    ),
  };
}
