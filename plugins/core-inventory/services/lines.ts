import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { addError, InventoryErrors } from '../errors.ts';
import { MAX_QUANTITY, type Db, type Reference, type StockLine } from './records.ts';
import type { InventoryDeps, VariantForSale } from './deps.ts';

/** A line after checking: one per variant (quantities of repeated variants added up), in variant order. */
export interface MergedLine {
  /** Index of the first line naming this variant in the caller's list. */
  index: number;
  variant_id: number;
  quantity: number;
}

/** A reference as stored: its id as a string. */
export interface StoredReference {
  type: string;
  id: string;
}

/** A positive id given as a number or a string of digits; NaN otherwise. */
export function idFrom(value: unknown): number {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : NaN;
  if (typeof value === 'string' && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  return NaN;
}

/** Checks a reference (`{type: 'order', id: 42}`); callers are plugins, so a bad one is a 400 on `reference`. */
export function checkReference(reference: Reference): StoredReference {
  const type = reference?.type;
  const id = reference?.id;
  const okType = typeof type === 'string' && /^[a-z][a-z0-9_.-]{0,49}$/i.test(type);
  const okId = (typeof id === 'number' && Number.isSafeInteger(id)) || (typeof id === 'string' && id.length > 0 && id.length <= 100);
  if (!okType || !okId) throw InventoryErrors.invalid({ reference: ['A reference is {type: a word of up to 50 characters, id: a number or a string of up to 100 characters}.'] });
  return { type, id: String(id) };
}

/**
 * Checks lines (variant id, quantity 1..2^31−1) naming every bad one (`lines.2.quantity`), and merges
 * lines of the same variant. Variant order makes concurrent changes lock levels in one order.
 */
export function mergeLines(lines: StockLine[], field = 'lines'): MergedLine[] {
  const errors: FieldErrors = {};
  if (!Array.isArray(lines) || lines.length === 0) throw InventoryErrors.invalid({ [field]: ['At least one line is required.'] });
  const byVariant = new Map<number, MergedLine>();
  lines.forEach((line, i) => {
    const id = idFrom(line?.variant_id);
    const quantity = line?.quantity;
    if (Number.isNaN(id)) addError(errors, `${field}.${i}.variant_id`, 'A variant id (a positive integer or a string of digits) is required.');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) addError(errors, `${field}.${i}.quantity`, `A whole number from 1 to ${MAX_QUANTITY} is required.`);
    if (Number.isNaN(id) || errors[`${field}.${i}.quantity`]) return;
    const merged = byVariant.get(id);
    if (!merged) byVariant.set(id, { index: i, variant_id: id, quantity });
    else if (merged.quantity + quantity > MAX_QUANTITY) addError(errors, `${field}.${i}.quantity`, `The lines of this variant add up to more than ${MAX_QUANTITY}.`);
    else merged.quantity += quantity;
  });
  if (Object.keys(errors).length) throw InventoryErrors.invalid(errors);
  return [...byVariant.values()].sort((a, b) => a.variant_id - b.variant_id);
}

/** The lines' variants from the catalogue (one query); an unknown one is a 400 naming its line. */
export async function variantsOfLines(deps: InventoryDeps, db: Db, lines: MergedLine[], field = 'lines'): Promise<Map<number, VariantForSale>> {
  const variants = await deps.variants.getVariantsForSale(db, lines.map((l) => l.variant_id));
  const errors: FieldErrors = {};
  for (const line of lines) if (!variants.has(line.variant_id)) addError(errors, `${field}.${line.index}.variant_id`, `No variant with id ${line.variant_id}.`);
  if (Object.keys(errors).length) throw InventoryErrors.invalid(errors);
  return variants;
}
