import type { Money } from './money.ts';

interface Layout {
  /** The parts of a formatted amount in order; `number` stands for the digits written here. */
  parts: Array<{ type: string; value: string }>;
  group: string;
  decimal: string;
}

const layouts = new Map<string, Layout>();

// Intl knows where each language puts the currency sign and which separators it uses, but formats a
// number (a float); so it is asked only for the layout, and the digits come from the decimal string.
function layoutFor(language: string, currency: string, negative: boolean): Layout {
  const key = `${language}|${currency}|${negative}`;
  let layout = layouts.get(key);
  if (!layout) {
    let format: Intl.NumberFormat;
    try {
      format = new Intl.NumberFormat(language, { style: 'currency', currency, currencyDisplay: 'symbol' });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'symbol' });
    }
    const sample = format.formatToParts(negative ? -1234567.5 : 1234567.5);
    const group = sample.find((p) => p.type === 'group')?.value ?? ',';
    const decimal = sample.find((p) => p.type === 'decimal')?.value ?? '.';
    const parts: Layout['parts'] = [];
    for (const part of sample) {
      if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction') {
        if (parts.at(-1)?.type !== 'number') parts.push({ type: 'number', value: '' });
      } else parts.push({ type: part.type, value: part.value });
    }
    layout = { parts, group, decimal };
    layouts.set(key, layout);
  }
  return layout;
}

/**
 * A Money value written for people in `language`: "€1,234.50" in en, "1.234,50 €" in de. Exact: the
 * digits are those of the decimal string, never a float's; an unknown shape is shown as it came.
 */
export function formatMoney(money: Money | null | undefined, language: string): string {
  if (!money || typeof money.amount !== 'string' || typeof money.currency !== 'string') return '';
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(money.amount);
  if (!match) return `${money.amount} ${money.currency}`;
  const [, sign, whole, fraction] = match;
  const layout = layoutFor(language, money.currency, sign === '-');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, layout.group);
  const digits = fraction ? `${grouped}${layout.decimal}${fraction}` : grouped;
  return layout.parts.map((p) => (p.type === 'number' ? digits : p.value)).join('');
}
