import type { AppError } from '../../../kernel/http/errors.ts';
import { sentence } from './html.ts';

/**
 * What the hosted page tells a shopper when paying or choosing shipping is refused. The API's own
 * messages speak to developers (field names, HTTP verbs); a shopper gets these instead, by error code.
 */
const BY_CODE: Record<string, string> = {
  shipping_method_required: 'Choose a shipping method first.',
  insufficient_stock: 'Some items are no longer in stock in the quantity you chose. Please change your cart and try again.',
  variant_unavailable: 'An item in your order is no longer for sale. Please change your cart and try again.',
  empty_cart: 'Your cart is empty.',
  cart_ordered: 'An order was already placed from this cart.',
  already_paid: 'This order is already paid.',
  checkout_expired: 'This checkout has expired. Please start again from your cart.',
  checkout_locked: 'Your order is already placed: its address and shipping can no longer change.',
};

/** The shopper's message for a refusal while paying (`field` names what the form sent). */
export function shopperMessage(err: AppError): string {
  if (err.code === 'payment_failed') return sentence(`Your payment failed: ${err.message}`);
  const known = BY_CODE[err.code];
  if (known) return known;
  if (err.errors?.payment_method_id) return 'This payment method is not offered for this order. Choose one of the methods shown.';
  if (err.errors?.shipping_method_id) return 'This shipping method is not offered for your address. Choose one of the methods shown.';
  return 'Your order could not be completed. Please try again.';
}
