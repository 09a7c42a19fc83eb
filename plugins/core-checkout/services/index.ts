import { asValue } from 'awilix';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { CheckoutHooks } from '../hooks.ts';
import { CartService } from './carts/cart-service.ts';
import { CartLineCounts } from './carts/line-counts.ts';
import { CheckoutService } from './checkouts/checkout-service.ts';
import { PayService } from './checkouts/pay.ts';
import type { CheckoutDeps, ExchangeReader, InventoryReader, ProductReader, StoreSettingsReader, VariantReader } from './deps.ts';
import { OrderLifecycle } from './orders/lifecycle.ts';
import { OrderMemo } from './orders/order-memo.ts';
import { OrderService } from './orders/order-service.ts';
import { RefundService } from './refunds/refund-service.ts';
import { ShipmentService } from './shipments/shipment-service.ts';
import { CheckoutPayments } from './payments/checkout-payments.ts';
import { GatewayRegistry } from './payments/gateway-registry.ts';
import { PayPageTokens } from './pay-page-tokens.ts';

/** Every core-checkout service, as its routes, jobs and hook taps share them. */
export interface CheckoutServices {
  deps: CheckoutDeps;
  gateways: GatewayRegistry;
  carts: CartService;
  checkouts: CheckoutService;
  orders: OrderService;
  orderMemo: OrderMemo;
  lifecycle: OrderLifecycle;
  shipments: ShipmentService;
  refunds: RefundService;
  payments: CheckoutPayments;
  pay: PayService;
  tokens: PayPageTokens;
}

/**
 * Builds the services on core-store, core-catalog and core-inventory, and registers the ones other
 * plugins resolve: paymentGateways, checkoutPayments, cartService, checkoutService, orderService.
 */
export function createCheckoutServices(ctx: PluginContext, hooks: CheckoutHooks): CheckoutServices {
  const resolve = <T>(name: string) => ctx.container.resolve<T>(name);
  const tokens = new PayPageTokens(ctx.config.baseUrl);
  const deps: CheckoutDeps = {
    knex: ctx.knex,
    clock: ctx.clock,
    config: ctx.config,
    events: ctx.events,
    logger: ctx.logger,
    hooks,
    settings: resolve<StoreSettingsReader>('storeSettings'),
    exchange: resolve<ExchangeReader>('exchange'),
    variants: resolve<VariantReader>('variantService'),
    products: resolve<ProductReader>('productService'),
    inventory: resolve<InventoryReader>('inventoryService'),
    pages: tokens,
    lineCounts: new CartLineCounts(),
  };
  const gateways = new GatewayRegistry();
  const orders = new OrderService();
  const carts = new CartService(deps);
  const checkouts = new CheckoutService(deps, carts, orders);
  const payments = new CheckoutPayments(deps, orders, gateways);
  const pay = new PayService(deps, checkouts, orders, payments, carts);
  const shipments = new ShipmentService(deps, orders);
  const refunds = new RefundService(deps, orders, gateways, shipments);
  const lifecycle = new OrderLifecycle(deps, orders, refunds);
  ctx.container.register({
    paymentGateways: asValue(gateways),
    checkoutPayments: asValue(payments),
    cartService: asValue(carts),
    checkoutService: asValue(checkouts),
    orderService: asValue(orders),
  });
  return { deps, gateways, carts, checkouts, orders, orderMemo: new OrderMemo(orders), lifecycle, shipments, refunds, payments, pay, tokens };
}
