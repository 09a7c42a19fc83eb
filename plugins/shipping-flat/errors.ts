import { badRequest, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** The error codes shipping-flat answers with (besides the kernel's own), listed in its README. */
export const ShippingErrors = {
  methodNotFound: () => notFound('No shipping method with this id.'),
  /** Several bad fields at once, each named in `errors`. */
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw ShippingErrors.invalid(errors);
}
