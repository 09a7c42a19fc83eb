import { api, ok } from '../api/client.ts';
import { Loading, useLoad } from '../components/list.tsx';
import { Card, PageHead } from '../components/ui.tsx';
import { formatMoney } from '../format.ts';
import { Link } from '../router.tsx';
import { addMoney } from '../money.ts';
import { storeSettings } from '../store-settings.ts';

function startOfToday(): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.toISOString();
}

/** Today's orders and revenue (per currency, exact), what waits for shipment, failing webhooks. */
async function loadDashboard() {
  const since = startOfToday();
  const revenue = new Map<string, string>();
  let todayCount = 0;
  for (let page = 1; ; page++) {
    const orders = ok(await api.GET('/api/v1/orders/', { params: { query: { created_at__gte: since, page, page_size: 100 } } }));
    todayCount = orders.count;
    for (const order of orders.results) {
      if (order.status === 'cancelled') continue;
      revenue.set(order.total.currency, addMoney(revenue.get(order.total.currency) ?? '0', order.total.amount));
    }
    if (!orders.next) break;
  }
  const [toShip, webhooks] = await Promise.all([
    api.GET('/api/v1/orders/', { params: { query: { status: 'processing', page_size: 5 } } }).then(ok),
    api.GET('/api/v1/webhooks/', { params: { query: { page_size: 100 } } }).then(ok),
  ]);
  return { todayCount, revenue: [...revenue].map(([currency, amount]) => ({ currency, amount })), toShip, failing: webhooks.results.filter((w) => w.failing_since || w.disabled_at) };
}

export function Dashboard() {
  const state = useLoad(loadDashboard, []);
  return (
    <>
      <PageHead title="Dashboard" />
      <Loading state={state}>
        {() => {
          const d = state.data!;
          return (
            <div class="grid">
              <Card title="Today">
                <p class="figure" data-figure="orders-today">{d.todayCount} orders</p>
                <p>{d.revenue.length ? d.revenue.map((m) => formatMoney(m)).join(' · ') : 'No revenue yet today.'}</p>
              </Card>
              <Card title="Waiting for shipment" actions={<Link href="/admin/orders/?status=processing">All</Link>}>
                <p class="figure" data-figure="to-ship">{d.toShip.count} orders</p>
                <ul class="plain">
                  {d.toShip.results.map((o) => (
                    <li>
                      <Link href={`/admin/orders/${o.id}/`}>{o.order_number}</Link> · {o.email} · {formatMoney(o.total)}
                    </li>
                  ))}
                </ul>
              </Card>
              <Card title="Webhook endpoints failing" actions={<Link href="/admin/settings/webhooks/">Webhooks</Link>}>
                {d.failing.length === 0 ? (
                  <p>All endpoints are delivering.</p>
                ) : (
                  <ul class="plain">
                    {d.failing.map((w) => (
                      <li>
                        <Link href={`/admin/settings/webhooks/${w.id}/`}>{w.url}</Link> {w.disabled_at ? '(disabled)' : `(failing since ${new Date(w.failing_since!).toLocaleString()})`}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
              <LowStock />
            </div>
          );
        }}
      </Loading>
    </>
  );
}

/** Stock levels at or under the store's low-stock threshold, lowest first. */
function LowStock() {
  const state = useLoad(async () => {
    const [store, levels] = await Promise.all([storeSettings(), api.GET('/api/v1/inventory/', { params: { query: { page_size: 20, ordering: 'quantity' } } }).then(ok)]);
    const threshold = store.low_stock_threshold ?? 5;
    return { threshold, low: levels.results.filter((l) => l.available <= threshold) };
  }, []);
  return (
    <Card title="Low stock" actions={<Link href="/admin/inventory/">Inventory</Link>}>
      <Loading state={state}>
        {() =>
          state.data!.low.length === 0 ? (
            <p>Nothing at or under {state.data!.threshold} available.</p>
          ) : (
            <ul class="plain">
              {state.data!.low.map((r) => (
                <li>
                  <Link href={`/admin/inventory/?variant_id=${r.variant_id}`}>{r.sku}</Link> in warehouse {r.warehouse_id}: {r.available} available
                </li>
              ))}
            </ul>
          )
        }
      </Loading>
    </Card>
  );
}
