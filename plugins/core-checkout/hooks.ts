import { AsyncSeriesBailHook, AsyncSeriesHook, AsyncSeriesWaterfallHook } from 'tapable';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  HostedPayPage,
  OrderReleasedEvent,
  PaymentMethod,
  PaymentMethodContext,
  PlaceOrderEvent,
  ShippingContext,
  ShippingRate,
  Totals,
  TotalsContext,
} from './contracts.ts';

/** Hooks core-checkout offers to shipping, payment, discount and tax plugins. */
export interface CheckoutHooks {
  /** The rates that ship to an address: each provider appends its rates (list in, list out). */
  collectShippingRates: AsyncSeriesWaterfallHook<[ShippingRate[], ShippingContext]>;
  /** The payment methods offered for a checkout: each gateway plugin appends its methods. */
  collectPaymentMethods: AsyncSeriesWaterfallHook<[PaymentMethod[], PaymentMethodContext]>;
  /** Cart and checkout totals: discounts tap with stage < 100, core-checkout's tax step runs at 100. */
  calculateTotals: AsyncSeriesWaterfallHook<[Totals, TotalsContext]>;
  /** Before an order is placed: throw an AppError to veto (fraud rules, limits). */
  validateOrder: AsyncSeriesHook<[PlaceOrderEvent]>;
  /** Inside the order's transaction, after the order and its reservation exist: count voucher use. */
  placeOrder: AsyncSeriesHook<[PlaceOrderEvent]>;
  /** Inside the transaction that cancels an unpaid order: give back what placeOrder took. */
  orderReleased: AsyncSeriesHook<[OrderReleasedEvent]>;
  /**
   * Draws the hosted payment page: the first tap that answers HTML (and sets the reply's headers)
   * wins; without one, core-checkout's plain built-in page is shown.
   */
  renderPayPage: AsyncSeriesBailHook<[HostedPayPage, FastifyRequest, FastifyReply], string | undefined>;
}

declare module '../../kernel/hooks.ts' {
  interface HookSets {
    checkout: CheckoutHooks;
  }
}

export function createCheckoutHooks(): CheckoutHooks {
  return {
    collectShippingRates: new AsyncSeriesWaterfallHook<[ShippingRate[], ShippingContext]>(['rates', 'context']),
    collectPaymentMethods: new AsyncSeriesWaterfallHook<[PaymentMethod[], PaymentMethodContext]>(['methods', 'context']),
    calculateTotals: new AsyncSeriesWaterfallHook<[Totals, TotalsContext]>(['totals', 'context']),
    validateOrder: new AsyncSeriesHook<[PlaceOrderEvent]>(['event']),
    placeOrder: new AsyncSeriesHook<[PlaceOrderEvent]>(['event']),
    orderReleased: new AsyncSeriesHook<[OrderReleasedEvent]>(['event']),
    renderPayPage: new AsyncSeriesBailHook<[HostedPayPage, FastifyRequest, FastifyReply], string | undefined>(['page', 'request', 'reply']),
  };
}
