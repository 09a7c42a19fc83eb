import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { CheckboxField, FormError, TextField, useSubmit } from '../../components/form.tsx';
import { Button, Card } from '../../components/ui.tsx';
import type { Order } from '../../sdk.ts';
import { ItemQuantities, chosenLines } from './item-quantities.tsx';

/**
 * A refund of items (their paid value unless an amount is given) or of an amount alone; refunded items
 * go back to stock unless told otherwise.
 */
export function RefundForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const items = (order.items ?? []).filter((i) => i.quantity - (i.quantity_refunded ?? 0) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(true);
  const [notify, setNotify] = useState(false);
  const { busy, error, fieldErrors, submit } = useSubmit(async () => {
    const lines = chosenLines(items, quantities);
    return ok(
      await api.POST('/api/v1/orders/{id}/refunds/', {
        params: { path: { id: order.id } },
        body: { ...(lines.length ? { items: lines } : {}), ...(amount ? { amount } : {}), reason, restock, notify_customer: notify },
      }),
    );
  }, onDone);
  return (
    <Card title="Refund">
      <form onSubmit={submit} noValidate>
        <FormError error={error} />
        <ItemQuantities legend="Items to refund" prefix="refund" items={items} limit={(i) => i.quantity - (i.quantity_refunded ?? 0)} values={quantities} onChange={setQuantities} />
        <TextField label={`Amount in ${order.currency} (empty: the items' paid value, or everything left)`} name="amount" inputMode="decimal" value={amount} onValue={setAmount} errors={fieldErrors} />
        <TextField label="Reason" name="reason" value={reason} onValue={setReason} errors={fieldErrors} required />
        <CheckboxField label="Put the items back in stock" name="restock" checked={restock} onValue={setRestock} />
        <CheckboxField label="Tell the customer" name="notify_customer" checked={notify} onValue={setNotify} />
        <Button kind="primary" type="submit" disabled={busy}>
          Refund
        </Button>
      </form>
    </Card>
  );
}
