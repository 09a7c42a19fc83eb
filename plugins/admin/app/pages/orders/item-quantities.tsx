import { TextField } from '../../components/form.tsx';
import type { Order } from '../../sdk.ts';

type Item = NonNullable<Order['items']>[number];

/** How many of each order line a shipment or refund takes, each up to its limit. */
export function ItemQuantities({ legend, prefix, items, limit, values, onChange }: { legend: string; prefix: string; items: Item[]; limit: (item: Item) => number; values: Record<number, string>; onChange: (values: Record<number, string>) => void }) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      {items.map((i) => (
        <TextField
          label={`${i.name}${i.sku ? ` (${i.sku})` : ''}, up to ${limit(i)}`}
          name={`${prefix}-${i.id}`}
          type="number"
          min={0}
          max={limit(i)}
          value={values[i.id] ?? '0'}
          onValue={(v) => onChange({ ...values, [i.id]: v })}
        />
      ))}
    </fieldset>
  );
}

/** The API's `items` for what was typed: lines with a quantity above zero. */
export function chosenLines(items: Item[], values: Record<number, string>): { order_item_id: number; quantity: number }[] {
  return items.map((i) => ({ order_item_id: i.id, quantity: Number(values[i.id] ?? 0) })).filter((l) => l.quantity > 0);
}
