import { AppError, badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

// A refusal to apply (or keep) a voucher: the reason in `detail`, a stable `code`, and the body field.
const refuse = (status: number, code: string, detail: string) => new AppError(status, code, detail, { code: [detail] });

/** The error codes the vouchers plugin answers with (besides the kernel's own), listed in its README. */
export const VoucherErrors = {
  voucherNotFound: () => notFound('No voucher with this id.'),
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  duplicateCode: (code: string) => conflict('duplicate_code', `The voucher code "${code}" is already in use (codes are case-insensitive).`, { code: [`The code "${code}" is already in use.`] }),

  // Applying a code to a cart: 400 when the code cannot be used as it stands, 409 when its uses are gone.
  unknownCode: (code: string) => refuse(400, 'voucher_not_found', `There is no voucher with the code "${code}".`),
  inactive: (code: string) => refuse(400, 'voucher_inactive', `The voucher "${code}" is not active.`),
  notYetValid: (code: string, startsAt: string) => refuse(400, 'voucher_not_yet_valid', `The voucher "${code}" is valid from ${startsAt}.`),
  expired: (code: string, endsAt: string) => refuse(400, 'voucher_expired', `The voucher "${code}" expired at ${endsAt}.`),
  wrongCurrency: (code: string, currency: string, cartCurrency: string) =>
    refuse(400, 'voucher_wrong_currency', `The voucher "${code}" takes an amount in ${currency} off; this cart is in ${cartCurrency}.`),
  minimumNotMet: (code: string, minimum: string, subtotal: string) =>
    refuse(400, 'voucher_minimum_not_met', `The voucher "${code}" needs a subtotal of at least ${minimum}; this cart's subtotal is ${subtotal}.`),
  usedUp: (code: string) => refuse(409, 'voucher_used_up', `The voucher "${code}" has been used up.`),
  customerLimit: (code: string, limit: number) =>
    refuse(409, 'voucher_customer_limit_reached', `The voucher "${code}" can be used ${limit === 1 ? 'once' : `${limit} times`} per customer, and this customer has reached that.`),
  tooMany: (max: number) => refuse(409, 'too_many_vouchers', `A cart holds at most ${max} vouchers; remove one first.`),
  /** At payment: a voucher the cart still holds can no longer be used; the order is not placed. */
  noLongerValid: (why: AppError, code: string) =>
    new AppError(409, why.code, `${why.message} Remove it from the cart (DELETE /api/v1/cart/{cart_id}/vouchers/${code}/) to pay without it.`),
  notApplied: (code: string) => new AppError(404, 'voucher_not_applied', `The voucher "${code}" is not applied to this cart.`),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw VoucherErrors.invalid(errors);
}
