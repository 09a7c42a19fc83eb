import { useState } from 'preact/hooks';
import { api, ok } from '../api/client.ts';
import { FormError, TextField, useSubmit } from '../components/form.tsx';
import { Loading, PagedTable, pageParams, useLoad } from '../components/list.tsx';
import { Button, Card, PageHead } from '../components/ui.tsx';
import { formatDate } from '../format.ts';
import { Link, useQuery } from '../router.tsx';

/** One variant's stock in every warehouse: set a count, or adjust by a delta with a reason. */
function VariantStock({ variantId, onSaved }: { variantId: number; onSaved: () => void }) {
  const state = useLoad(async () => {
    const [variant, warehouses, levels] = await Promise.all([
      api.GET('/api/v1/variants/{id}/', { params: { path: { id: variantId } } }).then(ok),
      api.GET('/api/v1/warehouses/', { params: { query: { page_size: 100 } } }).then(ok),
      api.GET('/api/v1/inventory/', { params: { query: { variant_id: variantId, page_size: 100 } } }).then(ok),
    ]);
    return { variant, warehouses: warehouses.results, levels: levels.results };
  }, [variantId]);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [deltas, setDeltas] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [saved, setSaved] = useState('');
  const setStock = useSubmit(async () => {
    const records = Object.entries(counts).filter(([, v]) => v.trim() !== '').map(([warehouse_id, v]) => ({ variant_id: variantId, warehouse_id: Number(warehouse_id), quantity: Number(v) }));
    if (records.length) ok(await api.POST('/api/v1/inventory/bulk/', { body: { records } }));
    for (const [warehouse_id, v] of Object.entries(deltas)) {
      if (v.trim() === '' || Number(v) === 0) continue;
      ok(await api.POST('/api/v1/inventory/adjust/', { body: { variant_id: variantId, warehouse_id: Number(warehouse_id), delta: Number(v), reason: reason || undefined } }));
    }
  }, () => {
    setCounts({});
    setDeltas({});
    setSaved('Stock saved.');
    state.reload();
    onSaved();
  });
  return (
    <Loading state={state}>
      {() => {
        const { variant, warehouses, levels } = state.data!;
        return (
          <Card title={`Stock of ${variant.sku}`} actions={<Link href={`/admin/products/${variant.product_id}/`}>Product</Link>}>
            <form onSubmit={setStock.submit} noValidate>
              <FormError error={setStock.error} />
              {saved && <p class="notice notice-success" role="status">{saved}</p>}
              <div class="table-wrap" tabIndex={0}>
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Warehouse</th>
                      <th scope="col" class="num">On hand</th>
                      <th scope="col" class="num">Reserved</th>
                      <th scope="col" class="num">Available</th>
                      <th scope="col">Set on hand to</th>
                      <th scope="col">Or adjust by</th>
                    </tr>
                  </thead>
                  <tbody>
                    {warehouses.map((w) => {
                      const level = levels.find((l) => l.warehouse_id === w.id);
                      return (
                        <tr data-warehouse={w.code}>
                          <th scope="row">{w.name}</th>
                          <td class="num" data-on-hand>{level?.quantity ?? 0}</td>
                          <td class="num">{level?.reserved ?? 0}</td>
                          <td class="num">{level?.available ?? 0}</td>
                          <td>
                            <input type="number" min={0} aria-label={`Set on hand in ${w.name}`} value={counts[w.id] ?? ''} onInput={(e) => { setSaved(''); setCounts({ ...counts, [w.id]: (e.target as HTMLInputElement).value }); }} />
                          </td>
                          <td>
                            <input type="number" aria-label={`Adjust in ${w.name} by`} value={deltas[w.id] ?? ''} onInput={(e) => { setSaved(''); setDeltas({ ...deltas, [w.id]: (e.target as HTMLInputElement).value }); }} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <TextField label="Reason for adjustments" name="reason" value={reason} onValue={setReason} errors={setStock.fieldErrors} placeholder="stock count, damage, return" />
              <Button kind="primary" type="submit" disabled={setStock.busy}>
                Save stock
              </Button>
            </form>
          </Card>
        );
      }}
    </Loading>
  );
}

function Movements({ variantId, version }: { variantId?: number; version: number }) {
  const [query] = useQuery();
  const state = useLoad(async () => ok(await api.GET('/api/v1/inventory/movements/', { params: { query: { variant_id: variantId, ...pageParams(query, 'moves'), ordering: '-id' } } })), [variantId, query.moves, version]);
  return (
    <Card title="Movements">
      <PagedTable
        state={state}
        param="moves"
        empty="No movement yet."
        label="movements"
        columns={['When', 'Type', 'Variant', 'Warehouse', { label: 'On hand', num: true }, { label: 'Reserved', num: true }, 'Reason', 'By']}
        row={(m) => (
          <tr>
            <td>{formatDate(m.created_at)}</td>
            <td>{m.type}</td>
            <td>{m.variant_id}</td>
            <td>{m.warehouse_id ?? '—'}</td>
            <td class="num">{m.delta_quantity > 0 ? `+${m.delta_quantity}` : m.delta_quantity}</td>
            <td class="num">{m.delta_reserved > 0 ? `+${m.delta_reserved}` : m.delta_reserved}</td>
            <td>
              {m.reason}
              {m.reference_type ? ` (${m.reference_type} ${m.reference_id})` : ''}
            </td>
            <td>{m.actor}</td>
          </tr>
        )}
      />
    </Card>
  );
}

/** Stock levels (lowest first), one variant's stock by SKU or id, and the movements ledger. */
export function Inventory() {
  const [query, setQuery] = useQuery();
  const [sku, setSku] = useState('');
  const [notFound, setNotFound] = useState(false);
  // Saving stock adds movements: the ledger reloads with it.
  const [version, setVersion] = useState(0);
  const variantId = query.variant_id ? Number(query.variant_id) : undefined;
  const levels = useLoad(async () => (variantId ? { count: 0, next: null, previous: null, results: [] } : ok(await api.GET('/api/v1/inventory/', { params: { query: { ...pageParams(query), ordering: 'quantity' } } }))), [variantId, query.page]);
  const find = async (e: Event) => {
    e.preventDefault();
    const found = ok(await api.GET('/api/v1/variants/', { params: { query: { sku } } }));
    setNotFound(found.results.length === 0);
    if (found.results[0]) setQuery({ variant_id: found.results[0].id, page: undefined });
  };
  return (
    <>
      <PageHead title="Inventory" actions={<Link href="/admin/warehouses/">Warehouses</Link>} />
      <form class="filters" role="search" onSubmit={find}>
        <label>
          SKU <input name="sku" value={sku} onInput={(e) => setSku((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn btn-plain" type="submit">
          Find
        </button>
        {variantId && <Link href="/admin/inventory/">All stock</Link>}
      </form>
      {notFound && <p class="notice notice-warning" role="status">No variant has that SKU.</p>}
      {variantId ? (
        <VariantStock variantId={variantId} onSaved={() => setVersion(version + 1)} />
      ) : (
        <PagedTable
          state={levels}
          empty="No stock recorded yet."
          label="stock levels"
          columns={['SKU', 'Warehouse', { label: 'On hand', num: true }, { label: 'Reserved', num: true }, { label: 'Available', num: true }]}
          row={(l) => (
            <tr>
              <td>
                <Link href={`/admin/inventory/?variant_id=${l.variant_id}`}>{l.sku}</Link>
              </td>
              <td>{l.warehouse_id}</td>
              <td class="num">{l.quantity}</td>
              <td class="num">{l.reserved}</td>
              <td class="num">{l.available}</td>
            </tr>
          )}
        />
      )}
      <Movements variantId={variantId} version={version} />
    </>
  );
}
