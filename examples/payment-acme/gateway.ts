import crypto from 'node:crypto';
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
import { SIGNATURE_HEADER, isSignedBy } from './signature.ts';

/** The currencies Acme takes; the method is not offered for a checkout in any other. */
export const ACME_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF'];

/** The method this gateway offers: a live one (`test: false`), so never in test mode or to test keys. */
export const ACME_CARD: Readonly<PaymentMethod> = Object.freeze({
  id: 'acme_card',
  name: 'Card (Acme)',
  description: 'Pay by card on Acme’s secure page.',
  gateway: 'acme',
  test: false,
});

/** Step 1, offering: the methods for one checkout, decided from its context. */
export function acmeMethodsFor(context: PaymentMethodContext): PaymentMethod[] {
  if (context.test || !ACME_CURRENCIES.includes(context.currency)) return [];
  return [{ ...ACME_CARD }];
}

/** Where the shopper pays: Acme's hosted page (simulated on the store, see routes.ts). */
export function acmePageUrl(baseUrl: string, paymentId: number, reference: string): string {
  return `${baseUrl}/acme/pay/${paymentId}/?token=${encodeURIComponent(reference)}`;
}

/** What Acme POSTs to `/api/v1/payments/notify/acme/`, signed in the X-Acme-Signature header. */
export interface AcmeNotification {
  event: 'payment.succeeded' | 'payment.failed';
  /** The store's payment id, which the store gave Acme when the payment started. */
  payment_id: number;
  /** Acme's own reference of the payment: the external id. */
  reference: string;
}

const OUTCOMES = { 'payment.succeeded': 'succeeded', 'payment.failed': 'failed' } as const;

/**
 * The `acme` gateway. Every method gets the GatewayContext (database handle inside the order's
 * transaction, BASE_URL, the return URL) and answers with a value: a refusal is a GatewayError
 * (`{error: true, message}`), never a throw, so the store can show it to the shopper or staff.
 */
export class AcmeGateway extends PaymentGateway {
  static readonly identifier = 'acme';
  readonly identifier = AcmeGateway.identifier;

  /** @param secret the notification signing secret Acme's dashboard shows. */
  constructor(private readonly secret: string) {
    super();
  }

  /**
   * Step 2, starting: a real gateway calls the provider's API here ("create a payment session of
   * this amount, with this return URL") and passes on its redirect URL and reference. The payment
   * stays pending until the provider reports the outcome.
   */
  async createPayment(ctx: GatewayContext, _order: OrderSummary, payment: PaymentRecord): Promise<PaymentStart | GatewayError> {
    if (!ACME_CURRENCIES.includes(payment.currency)) return { error: true, code: 'currency_not_supported', message: `Acme does not take ${payment.currency}.` };
    const reference = `acme_${crypto.randomBytes(16).toString('hex')}`;
    return { status: 'pending', redirect_url: acmePageUrl(ctx.baseUrl, payment.id, reference), external_id: reference };
  }

  /** Acme captures when the shopper pays, so a capture asks nothing more of it. */
  async capture(): Promise<{ status: 'succeeded' }> {
    return { status: 'succeeded' };
  }

  /** A real gateway calls the provider's refund API with `payment.external_id`; its refusal comes back as a value. */
  async refund(_ctx: GatewayContext, payment: PaymentRecord, amountMinor: number): Promise<{ status: 'succeeded'; external_id: string } | GatewayError> {
    if (amountMinor > payment.captured_minor - payment.refunded_minor) {
      return { error: true, code: 'refund_exceeds_capture', message: 'Acme cannot refund more than was captured and not yet refunded.' };
    }
    return { status: 'succeeded', external_id: `acme_refund_${crypto.randomBytes(8).toString('hex')}` };
  }

  /**
   * Step 3, hearing back: core-checkout's `POST /api/v1/payments/notify/acme/` hands over the raw body
   * and headers. Trust nothing until the signature checks out; answer null for anything not genuine
   * or not understood, and core-checkout refuses it without touching a payment.
   */
  override async verifyNotification(rawBody: Buffer, headers: Record<string, string | string[] | undefined>) {
    if (!isSignedBy(rawBody, headers[SIGNATURE_HEADER], this.secret)) return null;
    let note: Partial<AcmeNotification> | null;
    try {
      note = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return null;
    }
    if (typeof note !== 'object' || note === null) return null;
    const outcome = OUTCOMES[note.event as keyof typeof OUTCOMES];
    if (!outcome || !Number.isSafeInteger(note.payment_id) || typeof note.reference !== 'string') return null;
    return { paymentId: note.payment_id, externalId: note.reference, outcome };
  }
}
