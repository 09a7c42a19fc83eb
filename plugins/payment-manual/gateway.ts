import {
  PaymentGateway,
  type GatewayContext,
  type GatewayError,
  type OrderSummary,
  type PaymentMethod,
  type PaymentMethodContext,
  type PaymentRecord,
  type PaymentStart,
} from '../core-checkout/contracts.ts';
import { formatAmount } from '../../kernel/money/money.ts';
import type { Clock } from '../../kernel/clock.ts';

export const BANK_TRANSFER = 'manual_bank_transfer';
export const CASH_ON_DELIVERY = 'manual_cash_on_delivery';

/** The methods of the `manual` gateway: live methods, never offered in test mode or to test keys. */
export const MANUAL_METHODS: Readonly<Record<string, Readonly<PaymentMethod>>> = Object.freeze({
  [BANK_TRANSFER]: Object.freeze({
    id: BANK_TRANSFER,
    name: 'Bank transfer',
    description: 'Transfer the amount with your order number as the reference; the order ships once the money has arrived.',
    gateway: 'manual',
    test: false,
  }),
  [CASH_ON_DELIVERY]: Object.freeze({
    id: CASH_ON_DELIVERY,
    name: 'Cash on delivery',
    description: 'Pay the courier when the parcel arrives.',
    gateway: 'manual',
    test: false,
  }),
});

/**
 * How long an order paid by each method keeps its stock before the unpaid-order expiry may cancel it,
 * unless the store's `payment_hold_hours` says otherwise: a bank transfer usually arrives within one or
 * two business days; a cash-on-delivery order leaves the hold once staff ship it.
 */
export const DEFAULT_HOLD_HOURS: Readonly<Record<string, number>> = Object.freeze({ [BANK_TRANSFER]: 72, [CASH_ON_DELIVERY]: 48 });

/** The hold of a method now: the store's setting, else the default. */
export type HoldHoursReader = (methodId: string) => number;

const defaultHoldHours: HoldHoursReader = (methodId) => DEFAULT_HOLD_HOURS[methodId] ?? 0;

const HOUR_MS = 3_600_000;

/** "3 days" for whole days, "36 hours" otherwise. */
export function holdText(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** The manual methods to offer for a checkout: none in test mode; cash on delivery only where something is delivered. */
export function manualMethodsFor(context: Pick<PaymentMethodContext, 'test' | 'address'>): PaymentMethod[] {
  if (context.test) return [];
  const ids = context.address ? [BANK_TRANSFER, CASH_ON_DELIVERY] : [BANK_TRANSFER];
  return ids.map((id) => ({ ...MANUAL_METHODS[id]! }));
}

/** What the shopper is told to do, with the amount and the order number (the transfer's reference). */
export function instructionsFor(methodId: string, order: OrderSummary, payment: PaymentRecord, bankDetails: string | undefined, holdHours: number): string {
  const amount = `${formatAmount(payment.amount_minor, payment.currency)} ${payment.currency}`;
  if (methodId === CASH_ON_DELIVERY) return `Pay ${amount} in cash on delivery of order ${order.order_number}.`;
  const account = bankDetails ? ` to ${bankDetails}` : '';
  return `Please transfer ${amount}${account} within ${holdText(holdHours)}, quoting your order number ${order.order_number} as the payment reference. Your order ships once the money has arrived.`;
}

/**
 * The `manual` gateway: money that moves outside the store (a bank transfer, cash to the courier).
 * A payment starts pending with instructions and no redirect; staff capture it when the money is in
 * (`POST /api/v1/orders/{id}/payments/{payment_id}/capture/`), and a refund only records that the
 * money went back, by the same outside way.
 */
export class ManualGateway extends PaymentGateway {
  static readonly identifier = 'manual';
  readonly identifier = ManualGateway.identifier;

  /**
   * @param bankDetails the account shoppers transfer to (MANUAL_BANK_DETAILS), shown in bank transfer instructions.
   * @param holdHours how long each method holds the order now (the store's `payment_hold_hours`).
   */
  constructor(
    private readonly clock: Clock,
    private readonly bankDetails?: string,
    private readonly holdHours: HoldHoursReader = defaultHoldHours,
  ) {
    super();
  }

  async createPayment(_ctx: GatewayContext, order: OrderSummary, payment: PaymentRecord): Promise<PaymentStart | GatewayError> {
    if (!(payment.method_id in MANUAL_METHODS)) return { error: true, code: 'unknown_method', message: `The manual gateway has no method "${payment.method_id}".` };
    const hours = this.holdHours(payment.method_id);
    return {
      status: 'pending',
      redirect_url: null,
      instructions: instructionsFor(payment.method_id, order, payment, this.bankDetails, hours),
      hold_until: new Date(this.clock.now().getTime() + hours * HOUR_MS),
    };
  }

  async capture(): Promise<{ status: 'succeeded' }> {
    return { status: 'succeeded' };
  }

  async refund(): Promise<{ status: 'succeeded' }> {
    return { status: 'succeeded' };
  }
}
