import { AppError, badRequest, conflict, notFound, type FieldErrors } from '../../kernel/http/errors.ts';

/** One variant a reservation or shipment could not be served for. */
export interface Shortage {
  /** Index of the line in the caller's list (the first one naming the variant). */
  index: number;
  variant_id: number;
  sku: string | null;
  requested: number;
  /** What could be served: across active warehouses, or at the warehouse asked for. */
  available: number;
}

/**
 * 409 `insufficient_stock`, naming every short variant at once (`errors["lines.<i>.quantity"]`); callers
 * such as checkout read `shortages` to name their own fields.
 */
export class InsufficientStockError extends AppError {
  readonly shortages: Shortage[];

  constructor(shortages: Shortage[]) {
    const describe = (s: Shortage) => `${s.sku ?? `variant ${s.variant_id}`} (variant ${s.variant_id}): requested ${s.requested}, ${s.available} available`;
    const errors: FieldErrors = {};
    for (const s of shortages) (errors[`lines.${s.index}.quantity`] ??= []).push(`Only ${s.available} of ${s.sku ?? `variant ${s.variant_id}`} available; requested ${s.requested}.`);
    super(409, 'insufficient_stock', `Not enough stock: ${shortages.map(describe).join('; ')}.`, errors);
    this.name = 'InsufficientStockError';
    this.shortages = shortages;
  }
}

/** The error codes core-inventory answers with (besides the kernel's own), listed in its README. */
export const InventoryErrors = {
  warehouseNotFound: () => notFound('No warehouse with this id.'),
  recordNotFound: () => notFound('No stock record with this id.'),
  noRecord: () => notFound('No stock record for this variant at this warehouse; POST /api/v1/inventory/ creates one.'),
  invalid: (errors: FieldErrors) => badRequest(`Invalid input: ${Object.keys(errors).join(', ')}.`, errors),
  duplicateCode: (code: string) => conflict('duplicate_code', `The warehouse code "${code}" is already in use.`, { code: [`The code "${code}" is already in use.`] }),
  warehouseNotEmpty: (quantity: number, reserved: number) =>
    conflict('warehouse_not_empty', `This warehouse holds ${quantity} units (${reserved} reserved); set its stock to 0 or deactivate it instead.`),
  belowReserved: (field: string, quantity: number, reserved: number) =>
    conflict('below_reserved', `${field}: ${quantity} is below the ${reserved} units reserved here; send "force": true to set it anyway (the excess reservations become backorders).`, {
      [field]: [`${quantity} is below the ${reserved} units reserved here.`],
    }),
  negativeStock: (field: string, quantity: number, delta: number) =>
    conflict('negative_stock', `${field}: ${delta} would leave ${quantity + delta} units on hand; stock cannot be negative.`, {
      [field]: [`Only ${quantity} on hand.`],
    }),
  tooMuch: (field: string) => new AppError(400, 'invalid', `${field}: the quantity would exceed 2147483647.`, { [field]: ['The quantity would exceed 2147483647.'] }),
  variantReserved: (ids: number[]) =>
    conflict('variant_reserved', `Variant ${ids.join(', ')} has live reservations; release or ship them before deleting it.`),
};

/** Adds a message for a field. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
