import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { Loading, useLoad } from '../../components/list.tsx';
import { Badge, Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../../components/ui.tsx';
import { Zone } from '../../components/zone.tsx';
import { useAction } from '../../components/form.tsx';
import { formatDate, formatMoney } from '../../format.ts';
import type { Order } from '../../sdk.ts';
import type { ScreenProps } from '../../routes.tsx';
import { ShipmentForm } from './shipment-form.tsx';
import { RefundForm } from './refund-form.tsx';
import { Timeline } from './timeline.tsx';

type Address = Order['shipping_address'];

function AddressBlock({ address }: { address: Address | null | undefined }) {
  if (!address) return <p class="muted">None</p>;
  const a = address as Record<string, string | null | undefined>;
  return (
    <address>
      {[`${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(), a.company, a.address_line_1, a.address_line_2, `${a.postal_code ?? ''} ${a.city ?? ''}`.trim(), a.country, a.phone]
        .filter(Boolean)
        .map((line) => (
          <div>{line}</div>
        ))}
    </address>
  );
}

/** One order: what was bought, money, addresses, payments, shipments, refunds, history, and the actions its state allows. */
export function OrderDetail({ params }: ScreenProps) {
  const id = Number(params.id);
  const state = useLoad(async () => ok(await api.GET('/api/v1/orders/{id}/', { params: { path: { id }, query: { expand: 'items' } } })), [id]);
  const action = useAction(state.reload);
  const act = action.run;
  const [panel, setPanel] = useState<'' | 'ship' | 'refund'>('');
  return (
    <Loading state={state}>
      {() => {
        const order = state.data!;
        const items = order.items ?? [];
        const canShip = ['processing', 'shipped'].includes(order.status) && items.some((i) => (i.quantity_to_ship ?? 0) > 0);
        const canRefund = ['paid', 'partially_refunded'].includes(order.payment_status);
        return (
          <>
            <PageHead
              title={`Order ${order.order_number}`}
              actions={
                <>
                  {canShip && <Button kind="primary" onClick={() => setPanel(panel === 'ship' ? '' : 'ship')}>Create shipment</Button>}
                  {canRefund && <Button onClick={() => setPanel(panel === 'refund' ? '' : 'refund')}>Refund</Button>}
                  {order.status === 'shipped' && <Button onClick={() => act(async () => ok(await api.POST('/api/v1/orders/{id}/deliver/', { params: { path: { id } } })))}>Mark delivered</Button>}
                  {order.status === 'delivered' && <Button onClick={() => act(async () => ok(await api.POST('/api/v1/orders/{id}/complete/', { params: { path: { id } } })))}>Complete</Button>}
                  {['pending', 'processing'].includes(order.status) && (
                    <ConfirmButton label="Cancel order" question="Cancel this order? Captured money is refunded in full." onConfirm={() => act(async () => ok(await api.POST('/api/v1/orders/{id}/cancel/', { params: { path: { id } } })))} />
                  )}
                </>
              }
            />
            <p class="statuses">
              <Badge value={order.status} /> <Badge value={order.payment_status} /> <Badge value={order.fulfillment_status} /> {order.test && <Badge value="test" />}
              <span class="muted"> Placed {formatDate(order.created_at)} by {order.email}</span>
            </p>
            <ErrorNotice error={action.error} />
            {panel === 'ship' && <ShipmentForm order={order} onDone={() => { setPanel(''); state.reload(); }} />}
            {panel === 'refund' && <RefundForm order={order} onDone={() => { setPanel(''); state.reload(); }} />}
            <div class="grid grid-detail">
              <Card title="Items">
                <div class="table-wrap" tabIndex={0}>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Item</th>
                        <th scope="col">SKU</th>
                        <th scope="col" class="num">Qty</th>
                        <th scope="col" class="num">Shipped</th>
                        <th scope="col" class="num">Refunded</th>
                        <th scope="col" class="num">Unit</th>
                        <th scope="col" class="num">Total</th>
                      </tr>
                    </thead>
                    <tbody>
                      {items.map((item) => (
                        <tr>
                          <td>
                            {item.name}
                            {Object.keys(item.options ?? {}).length > 0 && <div class="muted">{Object.entries(item.options).map(([k, v]) => `${k}: ${v}`).join(', ')}</div>}
                          </td>
                          <td>{item.sku ?? item.variant?.sku}</td>
                          <td class="num">{item.quantity}</td>
                          <td class="num">{item.quantity_shipped ?? 0}</td>
                          <td class="num">{item.quantity_refunded ?? 0}</td>
                          <td class="num">{formatMoney(item.unit_price)}</td>
                          <td class="num">{formatMoney(item.total)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <dl class="totals">
                  <dt>Subtotal</dt>
                  <dd>{formatMoney(order.subtotal)}</dd>
                  <dt>Discount</dt>
                  <dd>{formatMoney(order.discount)}</dd>
                  <dt>Shipping{order.shipping_method ? ` (${(order.shipping_method as { name?: string }).name ?? ''})` : ''}</dt>
                  <dd>{formatMoney(order.shipping)}</dd>
                  <dt>Tax</dt>
                  <dd>{formatMoney(order.tax)}</dd>
                  <dt>Total</dt>
                  <dd class="strong">{formatMoney(order.total)}</dd>
                  {order.amount_paid && (
                    <>
                      <dt>Paid</dt>
                      <dd>{formatMoney(order.amount_paid)}</dd>
                    </>
                  )}
                  {order.amount_refunded && (
                    <>
                      <dt>Refunded</dt>
                      <dd>{formatMoney(order.amount_refunded)}</dd>
                    </>
                  )}
                </dl>
              </Card>
              <Card title="Addresses">
                <div class="two">
                  <div>
                    <h3>Shipping</h3>
                    <AddressBlock address={order.shipping_address} />
                  </div>
                  <div>
                    <h3>Billing</h3>
                    <AddressBlock address={order.billing_address as Address} />
                  </div>
                </div>
              </Card>
              <Card title="Payments">
                <ul class="plain">
                  {order.payments.map((p) => (
                    <li>
                      {p.method} ({p.gateway}) · {formatMoney(p.amount)} · <Badge value={p.status} />
                      {p.status === 'pending' && <Button onClick={() => act(async () => ok(await api.POST('/api/v1/orders/{id}/payments/{payment_id}/capture/', { params: { path: { id, payment_id: p.id } } })))}>Capture</Button>}
                    </li>
                  ))}
                  {order.payments.length === 0 && <li class="muted">No payment yet.</li>}
                </ul>
              </Card>
              <Card title="Shipments">
                <ul class="plain">
                  {order.shipments.map((s) => (
                    <li>
                      {formatDate(s.created_at)} · {s.carrier} {s.tracking_number} · {s.items.map((i) => `${i.quantity}×`).join(' ')} item(s)
                    </li>
                  ))}
                  {order.shipments.length === 0 && <li class="muted">Nothing shipped yet.</li>}
                </ul>
              </Card>
              <Card title="Refunds">
                <ul class="plain">
                  {order.refunds.map((r) => (
                    <li>
                      {formatDate(r.created_at)} · {formatMoney(r.amount)} · {r.reason} {r.restock ? '(restocked)' : ''}
                    </li>
                  ))}
                  {order.refunds.length === 0 && <li class="muted">No refund.</li>}
                </ul>
              </Card>
              <Card title="History">
                <Timeline order={order} />
              </Card>
              <Zone name="order.details" props={{ order, reload: state.reload }} />
            </div>
          </>
        );
      }}
    </Loading>
  );
}
