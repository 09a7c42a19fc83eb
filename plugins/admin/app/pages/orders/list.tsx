import { api, ok } from '../../api/client.ts';
import { PagedTable, pageParams, SearchBox, useLoad } from '../../components/list.tsx';
import { Badge, PageHead } from '../../components/ui.tsx';
import { formatDate, formatMoney } from '../../format.ts';
import { Link, useQuery } from '../../router.tsx';

const STATUSES = ['', 'pending', 'processing', 'shipped', 'delivered', 'completed', 'cancelled'] as const;
const PAYMENT_STATUSES = ['', 'unpaid', 'paid', 'partially_refunded', 'refunded'] as const;

/** Orders with their filters in the URL: status, payment status, dates, text (number, e-mail, name). */
export function OrderList() {
  const [query, setQuery] = useQuery();
  const state = useLoad(
    async () =>
      ok(
        await api.GET('/api/v1/orders/', {
          params: {
            query: {
              ...pageParams(query),
              status: (query.status || undefined) as any,
              payment_status: (query.payment_status || undefined) as any,
              search: query.search || undefined,
              created_at__gte: query.from || undefined,
              created_at__lte: query.to || undefined,
            },
          },
        }),
      ),
    [query.page, query.status, query.payment_status, query.search, query.from, query.to],
  );
  const filter = (changes: Record<string, string>) => setQuery({ ...changes, page: undefined });
  return (
    <>
      <PageHead title="Orders" />
      <SearchBox placeholder="Number, e-mail or name">
        <label>
          Status{' '}
          <select name="status" value={query.status ?? ''} onChange={(e) => filter({ status: (e.target as HTMLSelectElement).value })}>
            {STATUSES.map((s) => (
              <option value={s}>{s || 'Any'}</option>
            ))}
          </select>
        </label>
        <label>
          Payment{' '}
          <select name="payment_status" value={query.payment_status ?? ''} onChange={(e) => filter({ payment_status: (e.target as HTMLSelectElement).value })}>
            {PAYMENT_STATUSES.map((s) => (
              <option value={s}>{s ? s.replace('_', ' ') : 'Any'}</option>
            ))}
          </select>
        </label>
        <label>
          From <input type="date" name="from" value={query.from ?? ''} onChange={(e) => filter({ from: (e.target as HTMLInputElement).value })} />
        </label>
        <label>
          To <input type="date" name="to" value={query.to ?? ''} onChange={(e) => filter({ to: (e.target as HTMLInputElement).value })} />
        </label>
      </SearchBox>
      <PagedTable
        state={state}
        empty="No order matches."
        label="orders"
        columns={['Order', 'Date', 'Customer', 'Status', 'Payment', { label: 'Total', num: true }]}
        row={(o) => (
          <tr>
            <td>
              <Link href={`/admin/orders/${o.id}/`}>{o.order_number}</Link>
              {o.test && <span class="badge badge-test">test</span>}
            </td>
            <td>{formatDate(o.created_at)}</td>
            <td>{o.email}</td>
            <td>
              <Badge value={o.status} />
            </td>
            <td>
              <Badge value={o.payment_status} />
            </td>
            <td class="num">{formatMoney(o.total)}</td>
          </tr>
        )}
      />
    </>
  );
}
