import { AppError, badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** The error codes the webhooks plugin answers with (besides the kernel's own), listed in its README. */
export const WebhookErrors = {
  endpointNotFound: () => notFound('No webhook endpoint with this id.'),
  deliveryNotFound: () => notFound('No delivery with this id for this webhook endpoint.'),
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  eventPurged: () => conflict('event_purged', 'The event of this delivery is older than the 30 days events are kept; it can no longer be sent.'),
  endpointInactive: () => conflict('endpoint_inactive', 'This webhook endpoint is not active; turn it on (PATCH {"active": true}) before redelivering.'),
  deliveryInProgress: () => conflict('delivery_in_progress', 'An attempt of this delivery is under way; try again once it has finished.'),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** Throws the collected field errors, if any, as one 400. */
export function throwIfInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw WebhookErrors.invalid(errors);
}

export { AppError };
