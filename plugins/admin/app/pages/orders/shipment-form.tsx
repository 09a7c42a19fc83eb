import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { CheckboxField, FormError, TextField, useSubmit } from '../../components/form.tsx';
import { Button, Card } from '../../components/ui.tsx';
import type { Order } from '../../sdk.ts';
import { ItemQuantities, chosenLines } from './item-quantities.tsx';

/** A (partial) shipment: how many of each item leave, with carrier and tracking number; the customer told if wanted. */
export function ShipmentForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const items = (order.items ?? []).filter((i) => (i.quantity_to_ship ?? 0) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(Object.fromEntries(items.map((i) => [i.id, String(i.quantity_to_ship)])));
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [notify, setNotify] = useState(true);
  const { busy, error, fieldErrors, submit } = useSubmit(async () => {
    const lines = chosenLines(items, quantities);
    return ok(
      await api.POST('/api/v1/orders/{id}/shipments/', {
        params: { path: { id: order.id } },
        body: { items: lines, carrier, tracking_number: tracking, notify_customer: notify },
      }),
    );
  }, onDone);
  return (
    <Card title="Create shipment">
      <form onSubmit={submit} noValidate>
        <FormError error={error} />
        <ItemQuantities legend="Quantities to ship" prefix="ship" items={items} limit={(i) => i.quantity_to_ship ?? 0} values={quantities} onChange={setQuantities} />
        <div class="two">
          <TextField label="Carrier" name="carrier" value={carrier} onValue={setCarrier} errors={fieldErrors} required />
          <TextField label="Tracking number" name="tracking_number" value={tracking} onValue={setTracking} errors={fieldErrors} required />
        </div>
        <CheckboxField label="Send the customer a shipping confirmation" name="notify_customer" checked={notify} onValue={setNotify} />
        <Button kind="primary" type="submit" disabled={busy}>
          Ship
        </Button>
      </form>
    </Card>
  );
}
