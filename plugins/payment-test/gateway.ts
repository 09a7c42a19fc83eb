import crypto from 'node:crypto';
import {
  PaymentGateway,
  type GatewayContext,
  type OrderSummary,
  type PaymentMethod,
  type PaymentRecord,
  type PaymentStart,
} from '../core-checkout/contracts.ts';

/** The one method this gateway offers, in test mode and to test keys only. */
export const TEST_METHOD: Readonly<PaymentMethod> = Object.freeze({
  id: 'test',
  name: 'Test payment',
  description: 'Choose on a page of this store whether the payment succeeds or fails. No money moves.',
  gateway: 'test',
  test: true,
});

/** The path of a payment's hosted page, under BASE_URL (`:payment_id` gives the route's pattern). */
export function hostedPagePath(paymentId: number | ':payment_id'): string {
  return `/payments/test/${paymentId}/`;
}

/** The hosted page's full URL: the token makes it unguessable, since payment ids are sequential. */
export function hostedPageUrl(baseUrl: string, paymentId: number, token: string): string {
  return `${baseUrl}${hostedPagePath(paymentId)}?token=${encodeURIComponent(token)}`;
}

/** Whether a token from a URL is the payment's own (its external id), compared in constant time. */
export function tokenMatches(payment: { external_id: string | null }, given: unknown): boolean {
  if (typeof given !== 'string' || !payment.external_id) return false;
  const a = Buffer.from(payment.external_id);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/**
 * The `test` gateway: every payment starts pending with a redirect to the store's own hosted page,
 * where the shopper picks the outcome. The page's token doubles as the payment's external id, so the
 * gateway keeps no state of its own. Capture and refund always succeed: it is test money.
 */
export class TestGateway extends PaymentGateway {
  static readonly identifier = 'test';
  readonly identifier = TestGateway.identifier;

  async createPayment(ctx: GatewayContext, _order: OrderSummary, payment: PaymentRecord): Promise<PaymentStart> {
    const token = `tp_${crypto.randomBytes(18).toString('base64url')}`;
    return { status: 'pending', redirect_url: hostedPageUrl(ctx.baseUrl, payment.id, token), external_id: token };
  }

  async capture(): Promise<{ status: 'succeeded' }> {
    return { status: 'succeeded' };
  }

  async refund(): Promise<{ status: 'succeeded'; external_id: string }> {
    return { status: 'succeeded', external_id: `tr_${crypto.randomBytes(9).toString('base64url')}` };
  }
}
