import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../api/client.ts';
import { CheckboxField, Field, FormError, SelectField, TextField, useSubmit } from '../components/form.tsx';
import { Loading, PagedTable, pageParams, useLoad } from '../components/list.tsx';
import { Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../components/ui.tsx';
import { Link, navigate, useQuery } from '../router.tsx';
import type { Screen, ScreenProps } from '../routes.tsx';

/**
 * The simpler resources (categories, vouchers, shipping methods, CMS pages, warehouses) share one list
 * and one form, described by their fields. The calls go through the same typed client; the paths are
 * only widened here because one component serves several of them.
 */
type FieldKind = 'text' | 'textarea' | 'number' | 'decimal' | 'checkbox' | 'select' | 'list' | 'datetime';

interface FieldSpec {
  name: string;
  label: string;
  kind: FieldKind;
  options?: [string, string][];
  hint?: string;
  /** Sent as null when left empty (optional numbers, dates, amounts). */
  nullable?: boolean;
}

interface ResourceSpec {
  key: string;
  title: string;
  singular: string;
  path: string;
  columns: { label: string; value: (row: any) => string }[];
  fields: FieldSpec[];
  nav: Screen['nav'];
}

const RESOURCES: ResourceSpec[] = [
  {
    key: 'categories',
    title: 'Categories',
    singular: 'category',
    path: '/api/v1/categories/',
    nav: 'Catalogue',
    columns: [{ label: 'Name', value: (r) => r.name }, { label: 'Slug', value: (r) => r.slug }],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'slug', label: 'Slug', kind: 'text', hint: 'Empty: made from the name.' },
      { name: 'description', label: 'Description', kind: 'textarea' },
      { name: 'parent_id', label: 'Parent category id', kind: 'number', nullable: true },
    ],
  },
  {
    key: 'vouchers',
    title: 'Vouchers',
    singular: 'voucher',
    path: '/api/v1/vouchers/',
    nav: 'Catalogue',
    columns: [{ label: 'Code', value: (r) => r.code }, { label: 'Discount', value: (r) => (r.discount_type === 'percentage' ? `${r.value} %` : `${r.value} ${r.currency ?? ''}`) }, { label: 'Used', value: (r) => `${r.times_used}${r.usage_limit ? ` of ${r.usage_limit}` : ''}` }, { label: 'Active', value: (r) => (r.active ? 'yes' : 'no') }],
    fields: [
      { name: 'code', label: 'Code', kind: 'text' },
      { name: 'discount_type', label: 'Type', kind: 'select', options: [['percentage', 'Percentage'], ['fixed', 'Fixed amount']] },
      { name: 'value', label: 'Value', kind: 'decimal' },
      { name: 'currency', label: 'Currency (fixed amounts)', kind: 'text', nullable: true },
      { name: 'min_subtotal', label: 'Minimum subtotal', kind: 'decimal', nullable: true },
      { name: 'usage_limit', label: 'Usage limit', kind: 'number', nullable: true },
      { name: 'per_customer_limit', label: 'Uses per customer', kind: 'number', nullable: true },
      { name: 'starts_at', label: 'Starts', kind: 'datetime', nullable: true },
      { name: 'ends_at', label: 'Ends', kind: 'datetime', nullable: true },
      { name: 'active', label: 'Active', kind: 'checkbox' },
    ],
  },
  {
    key: 'shipping',
    title: 'Shipping methods',
    singular: 'shipping method',
    path: '/api/v1/shipping-methods/',
    nav: 'Settings',
    columns: [{ label: 'Name', value: (r) => r.name }, { label: 'Price', value: (r) => `${r.price?.amount ?? r.price} ${r.currency ?? ''}` }, { label: 'Countries', value: (r) => (r.countries?.length ? r.countries.join(', ') : 'everywhere') }],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'description', label: 'Description', kind: 'text', nullable: true },
      { name: 'price', label: 'Price', kind: 'decimal' },
      { name: 'currency', label: 'Currency', kind: 'text' },
      { name: 'countries', label: 'Countries (codes, comma-separated; empty: everywhere)', kind: 'list' },
      { name: 'free_above', label: 'Free above', kind: 'decimal', nullable: true },
      { name: 'active', label: 'Active', kind: 'checkbox' },
    ],
  },
  {
    key: 'pages',
    title: 'Pages',
    singular: 'page',
    path: '/api/v1/pages/',
    nav: 'Catalogue',
    columns: [{ label: 'Title', value: (r) => r.title }, { label: 'Slug', value: (r) => r.slug }, { label: 'Published', value: (r) => (r.published ? 'yes' : 'no') }],
    fields: [
      { name: 'title', label: 'Title', kind: 'text' },
      { name: 'slug', label: 'Slug', kind: 'text' },
      { name: 'body', label: 'Body (HTML; the store removes scripts and unsafe markup)', kind: 'textarea' },
      { name: 'published', label: 'Published', kind: 'checkbox' },
    ],
  },
  {
    key: 'warehouses',
    title: 'Warehouses',
    singular: 'warehouse',
    path: '/api/v1/warehouses/',
    nav: 'Settings',
    columns: [{ label: 'Name', value: (r) => r.name }, { label: 'Code', value: (r) => r.code }, { label: 'Priority', value: (r) => String(r.priority ?? '') }],
    fields: [
      { name: 'name', label: 'Name', kind: 'text' },
      { name: 'code', label: 'Code', kind: 'text' },
      { name: 'country', label: 'Country code', kind: 'text', nullable: true },
      { name: 'priority', label: 'Priority (lower ships first)', kind: 'number' },
      { name: 'active', label: 'Active', kind: 'checkbox' },
    ],
  },
];

const client = api as unknown as {
  GET(path: string, init?: object): Promise<{ data?: any; error?: unknown; response: Response }>;
  POST(path: string, init?: object): Promise<{ data?: any; error?: unknown; response: Response }>;
  PATCH(path: string, init?: object): Promise<{ data?: any; error?: unknown; response: Response }>;
  DELETE(path: string, init?: object): Promise<{ data?: any; error?: unknown; response: Response }>;
};

function toForm(spec: ResourceSpec, row: any): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const v = row?.[f.name];
    if (f.kind === 'checkbox') values[f.name] = row ? Boolean(v) : true;
    else if (f.kind === 'list') values[f.name] = (v ?? []).join(', ');
    else if (f.kind === 'datetime') values[f.name] = v ? String(v).slice(0, 16) : '';
    else if (v && typeof v === 'object' && 'amount' in v) values[f.name] = v.amount;
    else values[f.name] = v === null || v === undefined ? (f.kind === 'select' ? f.options![0]![0] : '') : String(v);
  }
  return values;
}

function toBody(spec: ResourceSpec, values: Record<string, unknown>, creating: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of spec.fields) {
    const v = values[f.name];
    if (f.kind === 'checkbox') body[f.name] = Boolean(v);
    else if (f.kind === 'list') body[f.name] = String(v).split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    else if (String(v ?? '').trim() === '') {
      if (f.nullable) body[f.name] = null;
      else if (!creating || f.name === 'name' || f.name === 'title' || f.name === 'code') body[f.name] = '';
    } else if (f.kind === 'number') body[f.name] = Number(v);
    else if (f.kind === 'datetime') body[f.name] = new Date(String(v)).toISOString();
    else body[f.name] = String(v);
  }
  if (creating) for (const key of Object.keys(body)) if (body[key] === null) delete body[key];
  return body;
}

function ResourceList({ spec }: { spec: ResourceSpec }) {
  const [query] = useQuery();
  const state = useLoad(async () => ok(await client.GET(spec.path, { params: { query: pageParams(query) } })), [spec.key, query.page]);
  return (
    <>
      <PageHead title={spec.title} actions={<Link class="btn btn-primary" href={`/admin/${spec.key}/new/`}>New {spec.singular}</Link>} />
      <PagedTable
        state={state}
        empty={`No ${spec.singular} yet.`}
        label={spec.title.toLowerCase()}
        columns={spec.columns.map((c) => c.label)}
        row={(row: any) => (
          <tr>
            {spec.columns.map((c, i) => (
              <td>{i === 0 ? <Link href={`/admin/${spec.key}/${row.id}/`}>{c.value(row)}</Link> : c.value(row)}</td>
            ))}
          </tr>
        )}
      />
    </>
  );
}

function ResourceForm({ spec, id }: { spec: ResourceSpec; id: number | null }) {
  const state = useLoad(async () => (id === null ? null : ok(await client.GET(`${spec.path}{id}/`, { params: { path: { id } } }))), [spec.key, id]);
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  useEffect(() => {
    if (state.data !== undefined) setValues(toForm(spec, state.data));
  }, [state.data]);
  const save = useSubmit(
    async () =>
      id === null
        ? ok(await client.POST(spec.path, { body: toBody(spec, values!, true) }))
        : ok(await client.PATCH(`${spec.path}{id}/`, { params: { path: { id } }, body: toBody(spec, values!, false) })),
    () => navigate(`/admin/${spec.key}/`),
  );
  const remove = async () => {
    try {
      ok(await client.DELETE(`${spec.path}{id}/`, { params: { path: { id } } }));
      navigate(`/admin/${spec.key}/`);
    } catch (err) {
      setDeleteError(err);
    }
  };
  return (
    <Loading state={state}>
      {() =>
        values && (
          <>
            <PageHead title={id === null ? `New ${spec.singular}` : `Edit ${spec.singular}`} actions={id !== null && <ConfirmButton label="Delete" question={`Delete this ${spec.singular}?`} onConfirm={remove} />} />
            <ErrorNotice error={deleteError} />
            <Card>
              <form onSubmit={save.submit} noValidate>
                <FormError error={save.error} />
                {spec.fields.map((f) => {
                  const value = values[f.name];
                  const set = (v: unknown) => setValues({ ...values, [f.name]: v });
                  if (f.kind === 'checkbox') return <CheckboxField label={f.label} name={f.name} checked={Boolean(value)} onValue={set} />;
                  if (f.kind === 'select') return <SelectField label={f.label} name={f.name} value={String(value)} onValue={set} options={f.options!} errors={save.fieldErrors} />;
                  if (f.kind === 'textarea')
                    return (
                      <Field label={f.label} name={f.name} errors={save.fieldErrors} hint={f.hint}>
                        {(props) => <textarea {...props} rows={8} value={String(value)} onInput={(e) => set((e.target as HTMLTextAreaElement).value)} />}
                      </Field>
                    );
                  const type = f.kind === 'number' ? 'number' : f.kind === 'datetime' ? 'datetime-local' : 'text';
                  return <TextField label={f.label} name={f.name} type={type} inputMode={f.kind === 'decimal' ? 'decimal' : undefined} value={String(value)} onValue={set} errors={save.fieldErrors} hint={f.hint} />;
                })}
                <Button kind="primary" type="submit" disabled={save.busy}>
                  Save
                </Button>
              </form>
            </Card>
          </>
        )
      }
    </Loading>
  );
}

export const resourceScreens: Screen[] = RESOURCES.flatMap((spec) => [
  { pattern: `/admin/${spec.key}/`, title: spec.title, nav: spec.nav, component: () => <ResourceList spec={spec} /> },
  { pattern: `/admin/${spec.key}/new/`, title: `New ${spec.singular}`, component: () => <ResourceForm spec={spec} id={null} /> },
  { pattern: `/admin/${spec.key}/:id/`, title: spec.title, component: ({ params }: ScreenProps) => <ResourceForm spec={spec} id={Number(params.id)} /> },
]);
