import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { PagedTable, pageParams, SearchBox, useLoad } from '../../components/list.tsx';
import { Badge, Button, ErrorNotice, PageHead } from '../../components/ui.tsx';
import { formatMoney } from '../../format.ts';
import { Link, useQuery } from '../../router.tsx';

/** Products with search and status filter in the URL; select several to publish or unpublish them at once. */
export function ProductList() {
  const [query, setQuery] = useQuery();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkError, setBulkError] = useState<unknown>(null);
  const state = useLoad(
    async () => ok(await api.GET('/api/v1/products/', { params: { query: { ...pageParams(query), search: query.search || undefined, status: (query.status || undefined) as any, ordering: query.ordering || '-created_at' } } })),
    [query.page, query.search, query.status, query.ordering],
  );
  const setStatus = async (status: 'active' | 'draft') => {
    setBulkError(null);
    try {
      for (const id of selected) ok(await api.PATCH('/api/v1/products/{id}/', { params: { path: { id } }, body: { status } }));
      setSelected(new Set());
      state.reload();
    } catch (err) {
      setBulkError(err);
      state.reload();
    }
  };
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  return (
    <>
      <PageHead title="Products" actions={<Link class="btn btn-primary" href="/admin/products/new/">New product</Link>} />
      <SearchBox>
        <label>
          Status{' '}
          <select name="status" value={query.status ?? ''} onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value, page: undefined })}>
            <option value="">Any</option>
            <option value="active">active</option>
            <option value="draft">draft</option>
            <option value="archived">archived</option>
          </select>
        </label>
      </SearchBox>
      {selected.size > 0 && (
        <div class="bulk" role="region" aria-label="Selected products">
          {selected.size} selected
          <Button onClick={() => setStatus('active')}>Publish</Button>
          <Button onClick={() => setStatus('draft')}>Unpublish</Button>
        </div>
      )}
      <ErrorNotice error={bulkError} />
      <PagedTable
        state={state}
        empty="No product matches."
        label="products"
        columns={[{ label: 'Select', hidden: true }, 'Name', 'Status', { label: 'Variants', num: true }, { label: 'Price', num: true }]}
        row={(p) => (
          <tr>
            <td>
              <input type="checkbox" aria-label={`Select ${p.name}`} checked={selected.has(p.id)} onChange={(e) => toggle(p.id, (e.target as HTMLInputElement).checked)} />
            </td>
            <td>
              <Link href={`/admin/products/${p.id}/`}>{p.name}</Link>
              <div class="muted">{p.slug}</div>
            </td>
            <td>
              <Badge value={p.status} />
            </td>
            <td class="num">{p.variants?.length ?? 0}</td>
            <td class="num">{formatMoney(p.price)}</td>
          </tr>
        )}
      />
    </>
  );
}
