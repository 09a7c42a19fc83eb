import { AppError, badRequest, conflict, invalidField, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** The error codes core-checkout answers with (besides the kernel's own), listed in its README. */
export const CheckoutErrors = {
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  cartNotFound: () => notFound('No cart with this id, or it expired.'),
  itemNotFound: () => notFound('No item with this id in this cart.'),
  cartOrdered: () => conflict('cart_ordered', 'An order was already placed from this cart; start a new cart.'),
  unknownVariant: (field: string, id: number) => invalidField(field, `No variant with id ${id}.`),
  variantUnavailable: (errors: FieldErrors) =>
    conflict('variant_unavailable', `Not for sale: ${Object.values(errors).flat().join(' ')}`, errors),
  quantityTooLarge: (field: string, max: number, total: number) => invalidField(field, `The cart would hold ${total} of this variant; at most ${max} are allowed.`),
  emptyCart: () => conflict('empty_cart', 'The cart is empty.'),
  insufficientStock: (detail: string, errors: FieldErrors) => conflict('insufficient_stock', detail, errors),
  checkoutNotFound: () => notFound('No checkout with this id.'),
  alreadyPaid: (orderId: number, orderNumber: string) =>
    conflict('already_paid', `This checkout is already paid: order ${orderNumber} (id ${orderId}).`, { order: [`Order ${orderNumber} (id ${orderId}).`] }),
  paymentSuperseded: () => conflict('payment_superseded', 'Another payment of this order started meanwhile: follow that one, or pay again.'),
  checkoutExpired: () => conflict('checkout_expired', 'This checkout expired: its unpaid order was cancelled. Start again from a new cart.'),
  checkoutLocked: (orderNumber: string) =>
    conflict('checkout_locked', `Order ${orderNumber} is already placed from this checkout; its address, e-mail and shipping can no longer change.`),
  shippingMethodRequired: () => conflict('shipping_method_required', 'Select a shipping method first (PATCH the checkout with shipping_method_id).'),
  noShippingMethod: (country: string) => conflict('shipping_method_required', `No shipping method ships to ${country}.`),
  paymentFailed: (message: string) => new AppError(402, 'payment_failed', message),
  orderNotFound: () => notFound('No order with this id.'),
  paymentNotFound: () => notFound('No payment with this id.'),
  invalidTransition: (from: string, to: string) => conflict('invalid_transition', `An order that is ${from} cannot become ${to}.`),
  returnWindowOpen: (orderNumber: string, days: number, endsAt: string) =>
    conflict('return_window_open', `Order ${orderNumber} is delivered and its return window (return_window_days: ${days}) ends at ${endsAt}; it completes by itself then. To complete it now, POST …/complete/?force=true.`),
  paymentNotCapturable: (status: string) => conflict('payment_not_capturable', `A ${status} payment cannot be captured.`),
  orderCancelled: () => conflict('order_cancelled', 'The order is cancelled.'),
  cannotShip: (status: string) => conflict('invalid_transition', `An order that is ${status} cannot ship.`),
  unpaidShipment: (orderNumber: string) =>
    conflict('order_unpaid', `Order ${orderNumber} is pending: it is not paid, and the store does not ship unpaid orders (store setting allow_unpaid_shipments).`),
  refundNotFound: () => notFound('No refund with this id on this order.'),
  shipmentNotFound: () => notFound('No shipment with this id on this order.'),
  nothingCaptured: (orderNumber: string) => conflict('order_unpaid', `Order ${orderNumber} has no captured payment: there is nothing to refund.`),
  alreadyRefunded: (orderNumber: string, captured: string) => conflict('already_refunded', `Everything captured for order ${orderNumber} (${captured}) is already refunded.`),
  refundFailed: (gateway: string, message: string) => new AppError(502, 'refund_failed', `The payment gateway "${gateway}" refused the refund: ${message}`),
  gatewayUnavailable: (name: string) => conflict('gateway_unavailable', `The payment gateway "${name}" of a captured payment is not installed: its money cannot be refunded here.`),
  unknownGateway: (name: string) => notFound(`No payment gateway "${name}" is installed.`),
  notificationNotSupported: (name: string) => notFound(`The payment gateway "${name}" takes no notifications.`),
  invalidNotification: () => badRequest('The notification could not be verified.', undefined, 'invalid_notification'),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw CheckoutErrors.invalid(errors);
}
