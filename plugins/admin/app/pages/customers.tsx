import { api, ok } from '../api/client.ts';
import { Loading, PagedTable, pageParams, SearchBox, useLoad } from '../components/list.tsx';
import { useAction } from '../components/form.tsx';
import { Badge, Card, ConfirmButton, ErrorNotice, PageHead, Button } from '../components/ui.tsx';
import { Zone } from '../components/zone.tsx';
import { formatDate, formatMoney } from '../format.ts';
import { Link, useQuery } from '../router.tsx';
import type { ScreenProps } from '../routes.tsx';
import type { Customer } from '../sdk.ts';

/** Customers with search (e-mail, names) and the active filter in the URL. */
export function Customers() {
  const [query, setQuery] = useQuery();
  const state = useLoad(
    async () => ok(await api.GET('/api/v1/customers/', { params: { query: { ...pageParams(query), search: query.search || undefined, is_active: query.blocked ? false : undefined } } })),
    [query.page, query.search, query.blocked],
  );
  return (
    <>
      <PageHead title="Customers" />
      <SearchBox>
        <label>
          <input type="checkbox" checked={Boolean(query.blocked)} onChange={(e) => setQuery({ blocked: (e.target as HTMLInputElement).checked ? '1' : undefined, page: undefined })} /> Blocked only
        </label>
      </SearchBox>
      <PagedTable
        state={state}
        empty="No customer matches."
        label="customers"
        columns={['Name', 'E-mail', 'Since', 'State']}
        row={(c) => (
          <tr>
            <td>
              <Link href={`/admin/customers/${c.id}/`}>{`${c.first_name} ${c.last_name}`.trim() || c.email}</Link>
            </td>
            <td>{c.email}</td>
            <td>{formatDate(c.created_at)}</td>
            <td>{c.is_active ? <Badge value="active" /> : <Badge value="blocked" />}</td>
          </tr>
        )}
      />
    </>
  );
}

/** One customer: details, addresses, orders; block or unblock. */
export function CustomerDetail({ params }: ScreenProps) {
  const id = Number(params.id);
  const state = useLoad(async () => {
    const customer = ok(await api.GET('/api/v1/customers/{id}/', { params: { path: { id } } })) as Customer;
    const orders = ok(await api.GET('/api/v1/orders/', { params: { query: { search: customer.email, page_size: 25 } } }));
    return { customer, orders: orders.results.filter((o) => o.customer_id === id) };
  }, [id]);
  const action = useAction(state.reload);
  const setActive = (is_active: boolean) => action.run(async () => ok(await api.PATCH('/api/v1/customers/{id}/', { params: { path: { id } }, body: { is_active } })));
  return (
    <Loading state={state}>
      {() => {
        const { customer, orders } = state.data!;
        return (
          <>
            <PageHead
              title={`${customer.first_name} ${customer.last_name}`.trim() || customer.email}
              actions={customer.is_active ? <ConfirmButton label="Block" question="Block this customer? They can no longer sign in." onConfirm={() => setActive(false)} /> : <Button onClick={() => setActive(true)}>Unblock</Button>}
            />
            <ErrorNotice error={action.error} />
            <div class="grid grid-detail">
              <Card title="Details">
                <dl class="facts">
                  <dt>E-mail</dt>
                  <dd>{customer.email}</dd>
                  <dt>Phone</dt>
                  <dd>{customer.phone ?? '—'}</dd>
                  <dt>Customer since</dt>
                  <dd>{formatDate(customer.created_at)}</dd>
                  <dt>Last sign-in</dt>
                  <dd>{formatDate(customer.last_login_at)}</dd>
                  <dt>State</dt>
                  <dd>{customer.is_active ? 'active' : 'blocked'}</dd>
                </dl>
              </Card>
              <Card title="Addresses">
                <ul class="plain">
                  {(customer.addresses ?? []).map((a) => (
                    <li>
                      {a.first_name} {a.last_name}, {a.address_line_1}, {a.postal_code} {a.city}, {a.country}
                      {a.is_default_shipping ? ' (default shipping)' : ''}
                    </li>
                  ))}
                  {(customer.addresses ?? []).length === 0 && <li class="muted">No saved address.</li>}
                </ul>
              </Card>
              <Card title="Orders">
                <ul class="plain">
                  {orders.map((o) => (
                    <li>
                      <Link href={`/admin/orders/${o.id}/`}>{o.order_number}</Link> · {formatDate(o.created_at)} · {formatMoney(o.total)} · <Badge value={o.status} />
                    </li>
                  ))}
                  {orders.length === 0 && <li class="muted">No order yet.</li>}
                </ul>
              </Card>
              <Zone name="customer.details" props={{ customer, reload: state.reload }} />
            </div>
          </>
        );
      }}
    </Loading>
  );
}
