import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { kernelModule, writePlugins } from '../../../kernel/test/helpers.ts';

const CONTRACTS = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'contracts.ts')).href;

/** The secret the fake gateway's provider signs notifications with. */
export const FAKE_NOTIFY_SECRET = 'fake-provider-secret';

/**
 * A throwaway payment gateway plugin, written as a third party would: it imports only the kernel's
 * `definePlugin` and core-checkout's contracts, and reaches core-checkout through `paymentGateways`,
 * `checkoutPayments` and `checkout.collectPaymentMethods`. Methods: fake_card (hosted page),
 * fake_offline (instructions), fake_offline_hold (instructions, keeps the order until 2999), fake_decline (a refusal),
 * fake_instant (succeeds at once), fake_test_card (a test method). Refunds succeed, except of exactly 1313
 * minor units (13.13), which the fake bank refuses.
 */
export const fakeGatewaySource = `
import crypto from 'node:crypto';
import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};
import { PaymentGateway } from ${JSON.stringify(CONTRACTS)};

class FakeGateway extends PaymentGateway {
  identifier = 'fake';
  calls = [];
  refunds = [];
  async createPayment(ctx, order, payment) {
    this.calls.push({ order: order.order_number, payment: payment.id, amount: payment.amount_minor, returnUrl: ctx.returnUrl });
    // A test may stand in for the provider's round trip (globalThis.fakeProvider.answer): it may wait, or throw as an unreachable provider does.
    await globalThis.fakeProvider?.answer?.(order, payment);
    if (payment.method_id === 'fake_decline') return { error: true, code: 'declined', message: 'Card declined by the fake bank.' };
    if (payment.method_id === 'fake_offline' || payment.method_id === 'fake_offline_hold') {
      const hold = payment.method_id === 'fake_offline_hold' ? '2999-01-01T00:00:00.000Z' : null;
      return { status: 'pending', instructions: 'Transfer ' + payment.amount_minor + ' ' + payment.currency + ' quoting <' + order.order_number + '>.', hold_until: hold };
    }
    if (payment.method_id === 'fake_instant') return { status: 'succeeded', external_id: 'inst_' + payment.id };
    const token = crypto.randomBytes(8).toString('hex');
    return { status: 'pending', redirect_url: ctx.baseUrl + '/fake-pay/' + payment.id + '/?token=' + token, external_id: token };
  }
  async capture() { return { status: 'succeeded' }; }
  // The fake bank refuses to refund 13.13 (any currency): a gateway refusal on demand.
  async refund(ctx, payment, amount) {
    this.refunds.push({ payment: payment.id, amount });
    if (amount === 1313) return { error: true, code: 'refund_declined', message: 'Refund declined by the fake bank.' };
    return { status: 'succeeded', external_id: 'ref_' + payment.id + '_' + this.refunds.length };
  }
  async verifyNotification(rawBody, headers) {
    const expected = crypto.createHmac('sha256', ${JSON.stringify(FAKE_NOTIFY_SECRET)}).update(rawBody).digest('hex');
    if (headers['x-fake-signature'] !== expected) return null;
    const note = JSON.parse(rawBody.toString('utf8'));
    return { paymentId: note.payment_id, externalId: note.reference, outcome: note.outcome };
  }
}

export const gateway = new FakeGateway();

const METHODS = [
  { id: 'fake_card', name: 'Fake card', description: 'Pay on the fake provider\\'s page.', gateway: 'fake', test: false },
  { id: 'fake_offline', name: 'Fake transfer', gateway: 'fake', test: false },
  { id: 'fake_offline_hold', name: 'Fake slow transfer', gateway: 'fake', test: false },
  { id: 'fake_decline', name: 'Fake declining card', gateway: 'fake', test: false },
  { id: 'fake_instant', name: 'Fake instant', gateway: 'fake', test: false },
  { id: 'fake_test_card', name: 'Fake test card', gateway: 'fake', test: true },
];

export default definePlugin({
  name: 'fake-gateway',
  version: '0.0.1',
  kinds: ['payment'],
  dependsOn: ['core-checkout'],
  register(ctx) {
    ctx.container.resolve('paymentGateways').register(gateway);
    ctx.hooks.get('checkout').collectPaymentMethods.tapPromise({ name: 'fake-gateway' }, async (methods) => [...methods, ...METHODS]);
    const payments = ctx.container.resolve('checkoutPayments');
    const params = { type: 'object', required: ['payment_id'], properties: { payment_id: { type: 'integer' } } };
    const find = async (db, request) => {
      const p = await payments.get(db, request.params.payment_id).catch(() => null);
      return p && p.gateway === 'fake' && p.external_id === request.query.token ? p : null;
    };
    ctx.routes.add({
      method: 'GET', path: '/fake-pay/:payment_id/', auth: 'public', hidden: true, summary: 'Fake provider page.',
      schema: { params, response: { 200: { type: 'string' } } },
      handler: async (request, reply) => {
        const p = await find(ctx.knex, request);
        reply.type('text/html; charset=utf-8').code(p ? 200 : 404);
        return p ? '<form method="post"><button name="outcome" value="succeeded">Pay ' + p.amount_minor + '</button></form>' : 'unknown';
      },
    });
    ctx.routes.add({
      method: 'POST', path: '/fake-pay/:payment_id/', auth: 'public', hidden: true, form: true, summary: 'Fake provider outcome.',
      schema: { params, body: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string', enum: ['succeeded', 'failed'] } } }, response: { 200: { type: 'string' }, 303: { type: 'null' } } },
      handler: async (request, reply) => {
        const p = await find(request.trx, request);
        if (!p) { reply.code(404); return; }
        await payments.settle(request.trx, p.id, request.body.outcome);
        reply.code(303).header('location', p.return_url);
      },
    });
  },
});
`;

/**
 * A throwaway shipping provider: Standard (id 1, quoted in the checkout's currency) to DE, FR, AT, GB,
 * US, JP, BH; Express (id "express", quoted in the store's default currency, USD, so core-checkout
 * converts it) to DE and US only. Nothing ships to other countries.
 */
export const fakeShippingSource = `
import { definePlugin } from ${JSON.stringify(kernelModule('plugin.ts'))};

const STANDARD = { USD: 500, EUR: 450, JPY: 700, BHD: 1500, GBP: 400 };
const STANDARD_TO = ['DE', 'FR', 'AT', 'GB', 'US', 'JP', 'BH'];
const EXPRESS_TO = ['DE', 'US'];

export default definePlugin({
  name: 'fake-shipping',
  version: '0.0.1',
  kinds: ['shipping'],
  dependsOn: ['core-checkout'],
  register(ctx) {
    ctx.hooks.get('checkout').collectShippingRates.tapPromise({ name: 'fake-shipping' }, async (rates, c) => {
      const out = [...rates];
      if (STANDARD_TO.includes(c.address.country) && STANDARD[c.currency] !== undefined) {
        out.push({ id: 1, name: 'Standard', provider: 'fake-shipping', price_minor: STANDARD[c.currency], currency: c.currency, description: 'Three to five days.' });
      }
      if (EXPRESS_TO.includes(c.address.country)) out.push({ id: 'express', name: 'Express', provider: 'fake-shipping', price_minor: 1500, currency: 'USD' });
      return out;
    });
  },
});
`;

let written: { dirs: Record<string, string>; remove: () => void } | undefined;

/** The PLUGINS value loading both fakes (written once per test process). */
export function fakePlugins(): string {
  written ??= writePlugins({ 'fake-gateway': fakeGatewaySource, 'fake-shipping': fakeShippingSource });
  return `${written.dirs['fake-gateway']},${written.dirs['fake-shipping']}`;
}

process.on('exit', () => written?.remove());
