import { formatDate, formatMoney } from '../../format.ts';
import type { Order } from '../../sdk.ts';

/** The order's history, newest first, from what the order records: placement, payments, shipments, refunds and state changes. */
export function Timeline({ order }: { order: Order }) {
  const entries: { at: string; text: string }[] = [{ at: order.created_at, text: `Placed (${formatMoney(order.total)})` }];
  for (const p of order.payments) if (p.created_at) entries.push({ at: p.created_at, text: `Payment ${p.status} by ${p.method}: ${formatMoney(p.amount)}` });
  for (const s of order.shipments) entries.push({ at: s.created_at, text: `Shipped with ${s.carrier}, tracking ${s.tracking_number}${s.notify_customer ? ', customer notified' : ''}` });
  for (const r of order.refunds) entries.push({ at: r.created_at, text: `Refunded ${formatMoney(r.amount)}: ${r.reason}${r.restock ? ' (restocked)' : ''}` });
  if (order.delivered_at) entries.push({ at: order.delivered_at, text: 'Delivered' });
  if (order.completed_at) entries.push({ at: order.completed_at, text: 'Completed' });
  if (order.cancelled_at) entries.push({ at: order.cancelled_at, text: 'Cancelled' });
  entries.sort((a, b) => b.at.localeCompare(a.at));
  return (
    <ol class="timeline">
      {entries.map((e) => (
        <li>
          <time dateTime={e.at}>{formatDate(e.at)}</time> {e.text}
        </li>
      ))}
    </ol>
  );
}
