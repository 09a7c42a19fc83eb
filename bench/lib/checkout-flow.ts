// The guest checkout scenario: the API's buying path through HTTP, as a storefront drives it for a
// shopper without an account: cart → items → checkout → shipping method → payment methods → pay →
// the hosted payment page (when the gateway redirects) → order paid. Plugins core-checkout, a shipping
// plugin (shipping-flat) and a gateway (payment-test in test mode, else any live method).
import { Agent, request } from 'undici';
import { BenchSetupError } from './catalog.ts';
import { call, type Sample } from './http.ts';
import type { StoreHandle } from './store.ts';

const SEQUENTIAL_FLOWS = 30;
const CONCURRENT_BUYERS = 10;
const ADDRESS = { first_name: 'Bench', last_name: 'Buyer', address_line_1: '1 Load Street', city: 'Berlin', postal_code: '10115', country: 'DE' };

export const CHECKOUT_STEPS = ['cart', 'add item', 'add item 2', 'checkout', 'shipping', 'payment methods', 'pay', 'payment page', 'payment outcome'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export interface CheckoutFlowContext {
  store: StoreHandle;
  /** How long the concurrent buyers keep buying, in seconds (each completes at least one flow). */
  durationSec: number;
  log?: (line: string) => void;
}

export interface Percentiles {
  p50_ms: number;
  p99_ms: number;
}

export interface CheckoutFlowResult {
  key: 'checkout_flow';
  label: string;
  /** The payment method the flows paid with, and whether it redirected to a hosted page. */
  payment_method: string;
  redirects: boolean;
  sequential: Percentiles & { flows: number; steps: Array<Percentiles & { step: CheckoutStep; count: number }> };
  concurrent: Percentiles & { buyers: number; flows: number; seconds: number; checkouts_per_sec: number };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentiles(values: number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
  return { p50_ms: round(at(50)), p99_ms: round(at(99)) };
}

// The hosted payment page is an HTML form: its outcome is posted form-encoded, and answered with a 303.
const formAgent = new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 10_000 });
async function postForm(url: string, fields: Record<string, string>): Promise<number> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), dispatcher: formAgent });
  await res.body.dump();
  return res.statusCode;
}

function expect(res: Sample, status: number | number[], what: string): any {
  const ok = Array.isArray(status) ? status.includes(res.status) : res.status === status;
  if (!ok) throw new BenchSetupError(`${what} answered ${res.status}: ${res.body.toString('utf8').slice(0, 400)}`);
  return res.body.length && /json/.test(res.headers['content-type'] ?? '') ? res.json() : undefined;
}

export interface CheckoutSetup {
  variants: [number, number];
  method: string;
  hasShipping: boolean;
  /** Turns test mode off again when the setup turned it on. */
  restore: () => Promise<void>;
}

/** Who checks out: a guest (nothing) or a logged-in customer (session cookie and CSRF header, e-mail). */
export interface Buyer {
  headers?: Record<string, string>;
  email?: string;
}

interface Goods {
  variants: [number, number];
  hasShipping: boolean;
}

// The goods are made once per store: every scenario that buys buys the same product.
const goodsOf = new WeakMap<StoreHandle, Promise<Goods>>();

/** A product with two variants stocked far beyond any run, and a flat shipping method to everywhere (when shipping-flat is installed). */
async function makeGoods(store: StoreHandle, staff: (path: string, body: unknown) => Promise<Sample>): Promise<Goods> {
  const product = await staff('/api/v1/products/', {
    name: 'Bench checkout tee',
    status: 'active',
    options: [{ name: 'Size', values: ['S', 'M'] }],
    variants: [{ sku: `BENCH-CHECKOUT-S-${Date.now()}`, price: '19.99', options: { Size: 'S' } }, { sku: `BENCH-CHECKOUT-M-${Date.now()}`, price: '7.50', options: { Size: 'M' } }],
  });
  const variants = (expect(product, 201, 'POST /api/v1/products/').variants as Array<{ id: number }>).map((v) => v.id) as [number, number];
  const warehouse = await staff('/api/v1/warehouses/', { name: 'Bench checkout stock', code: `BENCH-CHECKOUT-${Date.now()}` });
  const warehouseId = expect(warehouse, 201, 'POST /api/v1/warehouses/ (plugin core-inventory)').id;
  for (const variant_id of variants) expect(await staff('/api/v1/inventory/', { variant_id, warehouse_id: warehouseId, quantity: 10_000_000 }), [200, 201], 'POST /api/v1/inventory/');
  const shipping = await staff('/api/v1/shipping-methods/', { name: 'Bench flat rate', provider: 'flat_rate', price: '4.95', countries: [] });
  const hasShipping = shipping.status === 201;
  if (!hasShipping && shipping.status !== 404) expect(shipping, 201, 'POST /api/v1/shipping-methods/');
  return { variants, hasShipping };
}

/**
 * What every flow buys and how it pays: the store's goods (made on first use), and test mode on when
 * the payment-test gateway is there, so flows follow its hosted page as a storefront's flow does.
 */
export async function prepareCheckout(ctx: CheckoutFlowContext): Promise<CheckoutSetup> {
  const { store } = ctx;
  if (!store.apiKey) throw new BenchSetupError('The store has no API key service (plugin core-auth), so the bench cannot set up the checkout.');
  const headers = { authorization: `Token ${store.apiKey}` };
  const staff = (path: string, body: unknown, method = 'POST') => call(store.origin, path, { method, headers, body });
  if (!goodsOf.has(store)) goodsOf.set(store, makeGoods(store, staff));
  const { variants, hasShipping } = await goodsOf.get(store)!;
  const settings = expect(await call(store.origin, '/api/v1/store/'), 200, 'GET /api/v1/store/');
  const withTestGateway = store.plugins.includes('payment-test');
  if (withTestGateway && !settings.test_mode) expect(await staff('/api/v1/store/', { test_mode: true }, 'PATCH'), 200, 'PATCH /api/v1/store/');
  const restore = async () => {
    if (withTestGateway && !settings.test_mode) await staff('/api/v1/store/', { test_mode: false }, 'PATCH');
  };
  // The payment method: the test gateway's when it is there, else the first one offered.
  const probe = await flow(ctx, { variants, method: '', hasShipping, restore }, undefined);
  const offered = probe.methods;
  const method = offered.find((m) => m.gateway === 'test')?.id ?? offered[0]?.id;
  if (!method) {
    await restore();
    throw new BenchSetupError(`No payment method is offered for a checkout (plugins: ${store.plugins.join(', ')}).`);
  }
  return { variants, method, hasShipping, restore };
}

/**
 * One checkout, a guest's unless `buyer` is a logged-in customer, each step timed (`times` undefined:
 * a probe that stops at the payment methods). Returns the payment methods offered and whether the
 * payment redirected.
 */
async function flow(ctx: CheckoutFlowContext, setup: CheckoutSetup, times: Map<CheckoutStep, number> | undefined, buyer: Buyer = {}): Promise<{ methods: Array<{ id: string; gateway: string }>; redirected: boolean }> {
  const origin = ctx.store.origin;
  const headers = buyer.headers;
  const step = async <T>(name: CheckoutStep, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const value = await run();
    times?.set(name, performance.now() - started);
    return value;
  };
  const cart = await step('cart', async () => expect(await call(origin, '/api/v1/cart/', { method: 'POST', headers }), 201, 'POST /api/v1/cart/'));
  await step('add item', async () => expect(await call(origin, `/api/v1/cart/${cart.id}/items/`, { headers, body: { variant_id: setup.variants[0], quantity: 1 } }), 201, 'POST …/items/'));
  await step('add item 2', async () => expect(await call(origin, `/api/v1/cart/${cart.id}/items/`, { headers, body: { variant_id: setup.variants[1], quantity: 2 } }), 201, 'POST …/items/'));
  const checkout = await step('checkout', async () =>
    expect(await call(origin, '/api/v1/checkout/', { headers, body: { cart_id: cart.id, email: buyer.email ?? 'bench@example.com', shipping_address: ADDRESS } }), 201, 'POST /api/v1/checkout/'),
  );
  if (setup.hasShipping) {
    const rate = (checkout.shipping_methods as Array<{ id: number | string; name: string }>).find((m) => m.name === 'Bench flat rate') ?? checkout.shipping_methods[0];
    if (!rate) throw new BenchSetupError('The checkout offers no shipping method to DE.');
    await step('shipping', async () => expect(await call(origin, `/api/v1/checkout/${checkout.id}/`, { method: 'PATCH', headers, body: { shipping_method_id: rate.id } }), 200, 'PATCH /api/v1/checkout/…/'));
  }
  const methods = await step('payment methods', async () => expect(await call(origin, `/api/v1/checkout/${checkout.id}/payment-methods/`, { headers }), 200, 'GET …/payment-methods/').results);
  if (!times) return { methods, redirected: false };
  const payment = await step('pay', async () => expect(await call(origin, `/api/v1/checkout/${checkout.id}/pay/`, { headers, body: { payment_method_id: setup.method } }), 201, 'POST …/pay/'));
  if (!payment.redirect_url) return { methods, redirected: false };
  await step('payment page', async () => expect(await call(payment.redirect_url.replace(/^https:\/\/[^/]+/, origin), ''), 200, `GET ${payment.redirect_url}`));
  const status = await step('payment outcome', () => postForm(payment.redirect_url.replace(/^https:\/\/[^/]+/, origin), { outcome: 'succeeded' }));
  if (status !== 303) throw new BenchSetupError(`Posting the payment outcome answered ${status}, not 303.`);
  return { methods, redirected: true };
}

/** One complete checkout, cart to paid order, by `buyer` (a guest by default). */
export async function checkOut(ctx: CheckoutFlowContext, setup: CheckoutSetup, buyer: Buyer = {}): Promise<void> {
  await flow(ctx, setup, new Map(), buyer);
}

/**
 * 30 guest checkouts one after another (p50/p99 of the whole flow and of each step), then 10 buyers at
 * once, each checking out again and again for `durationSec` (checkouts per second).
 */
export async function benchCheckoutFlow(ctx: CheckoutFlowContext): Promise<CheckoutFlowResult> {
  const setup = await prepareCheckout(ctx);
  try {
    ctx.log?.(`  checkout flow: ${SEQUENTIAL_FLOWS} guest checkouts in a row, paying with "${setup.method}"…`);
    const whole: number[] = [];
    const steps = new Map<CheckoutStep, number[]>();
    let redirects = false;
    for (let i = 0; i < SEQUENTIAL_FLOWS; i++) {
      const times = new Map<CheckoutStep, number>();
      const started = performance.now();
      redirects = (await flow(ctx, setup, times)).redirected;
      whole.push(performance.now() - started);
      for (const [name, ms] of times) (steps.get(name) ?? steps.set(name, []).get(name)!).push(ms);
    }

    ctx.log?.(`  checkout flow: ${CONCURRENT_BUYERS} buyers at once for ${ctx.durationSec} s…`);
    const concurrent: number[] = [];
    const until = performance.now() + ctx.durationSec * 1000;
    const started = performance.now();
    const buyer = async () => {
      do {
        const begun = performance.now();
        await flow(ctx, setup, new Map());
        concurrent.push(performance.now() - begun);
      } while (performance.now() < until);
    };
    await Promise.all(Array.from({ length: CONCURRENT_BUYERS }, buyer));
    const seconds = (performance.now() - started) / 1000;
    return {
      key: 'checkout_flow',
      label: 'guest checkout, cart to paid order',
      payment_method: setup.method,
      redirects,
      sequential: {
        flows: SEQUENTIAL_FLOWS,
        ...percentiles(whole),
        steps: CHECKOUT_STEPS.filter((s) => steps.has(s)).map((s) => ({ step: s, count: steps.get(s)!.length, ...percentiles(steps.get(s)!) })),
      },
      concurrent: { buyers: CONCURRENT_BUYERS, flows: concurrent.length, seconds: round(seconds, 2), checkouts_per_sec: round(concurrent.length / seconds, 1), ...percentiles(concurrent) },
    };
  } finally {
    await setup.restore();
  }
}

/** The result as console lines. */
export function checkoutFlowLines(r: CheckoutFlowResult): string[] {
  return [
    `Checkout flow (${r.payment_method}${r.redirects ? ', via its hosted page' : ''}): ${r.sequential.flows} in a row p50 ${r.sequential.p50_ms} ms, p99 ${r.sequential.p99_ms} ms`,
    ...r.sequential.steps.map((s) => `  ${s.step.padEnd(16)} p50 ${String(s.p50_ms).padStart(7)} ms   p99 ${String(s.p99_ms).padStart(7)} ms`),
    `  ${r.concurrent.buyers} buyers at once: ${r.concurrent.checkouts_per_sec} checkouts/s (${r.concurrent.flows} in ${r.concurrent.seconds} s; flow p50 ${r.concurrent.p50_ms} ms, p99 ${r.concurrent.p99_ms} ms)`,
  ];
}
