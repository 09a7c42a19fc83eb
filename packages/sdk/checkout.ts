/**
 * `@storekeep-commerce/sdk/checkout`: the contracts of core-checkout that payment gateways, shipping
 * providers, discount and tax plugins implement or receive. The services behind them are reached through
 * the container (`paymentGateways`, `checkoutPayments`, `orderService`) and the `checkout` hooks.
 */
export * from '../../plugins/core-checkout/contracts.ts';
export type { CheckoutHooks } from '../../plugins/core-checkout/hooks.ts';
