import crypto from 'node:crypto';
import type { FieldErrors } from '../../../kernel/http/errors.ts';
import { addError } from '../errors.ts';
import type { OptionDef, VariantRecord } from './records.ts';

const fold = (s: string) => s.toLowerCase();

/** Checks a product's options: names unique, values unique within their option (case-insensitively). */
export function checkOptionDefs(defs: OptionDef[] | undefined, errors: FieldErrors, field = 'options'): OptionDef[] {
  if (!defs) return [];
  const names = new Set<string>();
  defs.forEach((def, i) => {
    if (names.has(fold(def.name))) addError(errors, `${field}.${i}.name`, `The option "${def.name}" appears twice.`);
    names.add(fold(def.name));
    const values = new Set<string>();
    def.values.forEach((value, j) => {
      if (values.has(fold(value))) addError(errors, `${field}.${i}.values.${j}`, `The value "${value}" appears twice in option "${def.name}".`);
      values.add(fold(value));
    });
  });
  return defs.map((d) => ({ name: d.name, values: [...d.values] }));
}

/**
 * Checks a variant's option choice against its product: exactly the product's option names, each
 * value among that option's values. Every bad option is named (`options.Size`). Returns the choice
 * with its keys in the product's option order.
 */
export function checkVariantOptions(defs: OptionDef[], given: Record<string, string>, errors: FieldErrors, field = 'options'): Record<string, string> {
  const allowed = defs.map((d) => d.name);
  for (const name of Object.keys(given)) {
    if (!allowed.includes(name)) {
      const hint = allowed.length ? `Options of this product: ${allowed.join(', ')}.` : 'This product has no options.';
      addError(errors, `${field}.${name}`, `"${name}" is not an option of this product. ${hint}`);
    }
  }
  const result: Record<string, string> = {};
  for (const def of defs) {
    const value = given[def.name];
    if (value === undefined) addError(errors, `${field}.${def.name}`, `Required: one of ${def.values.join(', ')}.`);
    else if (!def.values.includes(value)) addError(errors, `${field}.${def.name}`, `"${value}" is not a value of option "${def.name}": ${def.values.join(', ')}.`);
    else result[def.name] = value;
  }
  return result;
}

/** A key of an option combination, independent of key order: what makes a combination unique per product. */
export function optionsKey(options: Record<string, string>): string {
  const entries = Object.entries(options).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return crypto.createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/** "Size: M, Color: Red" for messages. */
export function describeOptions(options: Record<string, string>): string {
  const entries = Object.entries(options);
  return entries.length ? entries.map(([k, v]) => `${k}: ${v}`).join(', ') : '(none)';
}

/**
 * What new product options would contradict among the existing variants: a removed value or option
 * still in use, or an added option the variants lack. One message per problem, naming a variant.
 */
export function optionConflicts(defs: OptionDef[], variants: VariantRecord[]): string[] {
  const problems = new Map<string, { text: (who: string) => string; skus: string[] }>();
  const note = (key: string, text: (who: string) => string, sku: string) => {
    const p = problems.get(key) ?? problems.set(key, { text, skus: [] }).get(key)!;
    p.skus.push(sku);
  };
  const byName = new Map(defs.map((d) => [d.name, d]));
  for (const v of variants) {
    for (const [name, value] of Object.entries(v.options)) {
      const def = byName.get(name);
      if (!def) note(`o:${name}`, (who) => `The option "${name}" is used by ${who}.`, v.sku);
      else if (!def.values.includes(value)) note(`v:${name}:${value}`, (who) => `The value "${value}" of option "${name}" is used by ${who}.`, v.sku);
    }
    for (const def of defs) {
      if (!(def.name in v.options)) note(`a:${def.name}`, (who) => `The option "${def.name}" cannot be added: ${who} has no value for it.`, v.sku);
    }
  }
  return [...problems.values()].map(({ text, skus }) =>
    text(skus.length === 1 ? `variant ${skus[0]}` : `variant ${skus[0]} and ${skus.length - 1} other${skus.length > 2 ? 's' : ''}`),
  );
}
