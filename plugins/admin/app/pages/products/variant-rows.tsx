import { Link } from '../../router.tsx';
import type { FieldErrors } from '../../components/form.tsx';
import { messagesFor } from '../../components/form.tsx';

/** A variant as the form edits it: strings for what the API takes as decimal strings or integers. */
export interface VariantDraft {
  id?: number;
  options: Record<string, string>;
  sku: string;
  price: string;
  /** Fixed prices in the store's other currencies; empty: converted from the default. */
  prices: Record<string, string>;
  weight: string;
}

export interface OptionDraft {
  name: string;
  /** Comma-separated, as typed. */
  values: string;
}

export function optionValues(option: OptionDraft): string[] {
  return option.values.split(',').map((v) => v.trim()).filter(Boolean);
}

/** Every combination of the options' values, keeping what was typed for combinations that stay. */
export function combine(options: OptionDraft[], previous: VariantDraft[], slug: string): VariantDraft[] {
  const named = options.filter((o) => o.name.trim() && optionValues(o).length);
  let combos: Record<string, string>[] = [{}];
  for (const option of named) combos = combos.flatMap((c) => optionValues(option).map((v) => ({ ...c, [option.name.trim()]: v })));
  const key = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort());
  return combos.map((options) => {
    const kept = previous.find((v) => key(v.options) === key(options));
    const suffix = Object.values(options).map((v) => v.toUpperCase().replace(/[^A-Z0-9]+/g, '')).join('-');
    return kept ?? { options, sku: [slug.toUpperCase(), suffix].filter(Boolean).join('-'), price: previous[0]?.price ?? '', prices: {}, weight: '' };
  });
}

export function VariantRows({ variants, onChange, currencies, defaultCurrency, errors }: { variants: VariantDraft[]; onChange: (variants: VariantDraft[]) => void; currencies: string[]; defaultCurrency: string; errors: FieldErrors }) {
  const others = currencies.filter((c) => c !== defaultCurrency);
  const set = (i: number, patch: Partial<VariantDraft>) => onChange(variants.map((v, j) => (j === i ? { ...v, ...patch } : v)));
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="variants">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">SKU</th>
            <th scope="col">Price ({defaultCurrency})</th>
            {others.map((c) => (
              <th scope="col">Price {c}</th>
            ))}
            <th scope="col">Weight (g)</th>
            <th scope="col">Stock</th>
          </tr>
        </thead>
        <tbody>
          {variants.map((v, i) => {
            const label = Object.values(v.options).join(' / ') || 'Default';
            const rowErrors = messagesFor(errors, `variants.${i}`);
            return (
              <tr data-variant={label}>
                <th scope="row">
                  {label}
                  {rowErrors.length > 0 && (
                    <div class="field-error" data-field-error={`variants.${i}`}>
                      {rowErrors.join(' ')}
                    </div>
                  )}
                </th>
                <td>
                  <input aria-label={`SKU of ${label}`} name={`variants.${i}.sku`} value={v.sku} onInput={(e) => set(i, { sku: (e.target as HTMLInputElement).value })} />
                </td>
                <td>
                  <input aria-label={`Price of ${label}`} name={`variants.${i}.price`} inputMode="decimal" value={v.price} onInput={(e) => set(i, { price: (e.target as HTMLInputElement).value })} />
                </td>
                {others.map((c) => (
                  <td>
                    <input aria-label={`Price of ${label} in ${c}`} name={`variants.${i}.prices.${c}`} inputMode="decimal" placeholder="converted" value={v.prices[c] ?? ''} onInput={(e) => set(i, { prices: { ...v.prices, [c]: (e.target as HTMLInputElement).value } })} />
                  </td>
                ))}
                <td>
                  <input aria-label={`Weight of ${label} in grams`} name={`variants.${i}.weight`} inputMode="numeric" value={v.weight} onInput={(e) => set(i, { weight: (e.target as HTMLInputElement).value })} />
                </td>
                <td>{v.id ? <Link href={`/admin/inventory/?variant_id=${v.id}`} aria-label={`Stock of ${label}`}>Stock</Link> : <span class="muted">after saving</span>}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The API's variant body for a draft: empty fixed prices and weight left out. */
export function variantBody(v: VariantDraft) {
  const prices = Object.fromEntries(Object.entries(v.prices).filter(([, p]) => p.trim() !== ''));
  return { sku: v.sku, price: v.price, options: v.options, prices, weight: v.weight.trim() === '' ? null : Number(v.weight) };
}
