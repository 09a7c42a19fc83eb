import { badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** Most saved addresses one customer may have. */
export const MAX_ADDRESSES = 50;

/** The error codes core-customers answers with (besides the kernel's and core-auth's), listed in its README. */
export const CustomerErrors = {
  customerNotFound: () => notFound('No customer with this id.'),
  /** Also another customer's address: whether it exists is none of the caller's business. */
  addressNotFound: () => notFound('No saved address with this id.'),
  /** Several bad fields at once, each named in `errors`. */
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  /** An e-mail or password change without the current password. */
  currentPasswordRequired: (what: string) =>
    badRequest(`current_password: required to change the ${what}.`, { current_password: [`Enter your current password to change the ${what}.`] }, 'current_password_required'),
  wrongPassword: () =>
    badRequest('current_password: the current password is not correct.', { current_password: ['The current password is not correct.'] }, 'wrong_password'),
  addressLimit: () =>
    conflict('address_limit_reached', `A customer can save at most ${MAX_ADDRESSES} addresses; delete one first.`),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw CustomerErrors.invalid(errors);
}
