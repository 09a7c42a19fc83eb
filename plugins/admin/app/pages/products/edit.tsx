import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { FormError, SelectField, TextField, useSubmit, Field } from '../../components/form.tsx';
import { Loading, useLoad } from '../../components/list.tsx';
import { Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../../components/ui.tsx';
import { Zone } from '../../components/zone.tsx';
import { navigate } from '../../router.tsx';
import type { ScreenProps } from '../../routes.tsx';
import type { Product } from '../../sdk.ts';
import { storeSettings } from '../../store-settings.ts';
import { combine, optionValues, VariantRows, variantBody, type OptionDraft, type VariantDraft } from './variant-rows.tsx';

interface Draft {
  name: string;
  slug: string;
  description: string;
  status: 'draft' | 'active' | 'archived';
  category_id: string;
  options: OptionDraft[];
  variants: VariantDraft[];
  translations: Record<string, { name: string; description: string }>;
  images: { url: string; alt: string }[];
}

function draftOf(product: Product | undefined): Draft {
  if (!product) return { name: '', slug: '', description: '', status: 'draft', category_id: '', options: [{ name: '', values: '' }], variants: [], translations: {}, images: [] };
  return {
    name: product.name,
    slug: product.slug,
    description: product.description,
    status: product.status,
    category_id: product.category_id ? String(product.category_id) : '',
    options: product.options.map((o) => ({ name: o.name, values: o.values.join(', ') })),
    variants: product.variants.map((v) => ({
      id: v.id,
      options: v.options,
      sku: v.sku,
      price: v.price.amount,
      prices: Object.fromEntries(Object.entries(v.prices ?? {}).map(([c, m]) => [c, m.amount])),
      weight: v.weight === null ? '' : String(v.weight),
    })),
    translations: Object.fromEntries(Object.entries(product.translations ?? {}).map(([lang, t]) => [lang, { name: t.name ?? '', description: t.description ?? '' }])),
    images: product.images.map((i) => ({ url: i.url, alt: i.alt ?? '' })),
  };
}

async function loadEditor(id: number | null) {
  const [store, categories, product] = await Promise.all([
    storeSettings(),
    api.GET('/api/v1/categories/', { params: { query: { page_size: 100 } } }).then(ok),
    id === null ? Promise.resolve(undefined) : api.GET('/api/v1/products/{id}/', { params: { path: { id } } }).then(ok),
  ]);
  return { store, categories: categories.results, product };
}

/** Create or edit a product: details, options and their variants (SKU, prices per currency, weight), translations, images. */
export function ProductEdit({ params }: ScreenProps) {
  const id = params.id ? Number(params.id) : null;
  const state = useLoad(() => loadEditor(id), [id]);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [notice, setNotice] = useState('');
  const [deleteError, setDeleteError] = useState<unknown>(null);
  useEffect(() => {
    if (state.data) setDraft(draftOf(state.data.product));
  }, [state.data]);
  const save = useSubmit(async () => {
    const d = draft!;
    const translations = Object.fromEntries(Object.entries(d.translations).filter(([, t]) => t.name.trim() || t.description.trim()).map(([lang, t]) => [lang, { name: t.name, description: t.description }]));
    const body = {
      name: d.name,
      ...(d.slug.trim() ? { slug: d.slug.trim() } : {}),
      description: d.description,
      status: d.status,
      category_id: d.category_id ? Number(d.category_id) : null,
      options: d.options.filter((o) => o.name.trim()).map((o) => ({ name: o.name.trim(), values: optionValues(o) })),
      translations,
      images: d.images.filter((i) => i.url.trim()),
    };
    if (id === null) {
      const created = ok(await api.POST('/api/v1/products/', { body: { ...body, variants: d.variants.map(variantBody) } }));
      return created.id;
    }
    ok(await api.PATCH('/api/v1/products/{id}/', { params: { path: { id } }, body }));
    const kept = new Set(d.variants.filter((v) => v.id).map((v) => v.id!));
    for (const old of state.data!.product!.variants) if (!kept.has(old.id)) ok(await api.DELETE('/api/v1/variants/{id}/', { params: { path: { id: old.id } } }));
    for (const v of d.variants) {
      if (v.id) ok(await api.PATCH('/api/v1/variants/{id}/', { params: { path: { id: v.id } }, body: variantBody(v) }));
      else ok(await api.POST('/api/v1/products/{id}/variants/', { params: { path: { id } }, body: variantBody(v) }));
    }
    return id;
  }, (savedId) => {
    setNotice('Saved.');
    if (id === null) navigate(`/admin/products/${savedId}/`, { replace: true });
    else state.reload();
  });
  const remove = async () => {
    try {
      ok(await api.DELETE('/api/v1/products/{id}/', { params: { path: { id: id! } } }));
      navigate('/admin/products/');
    } catch (err) {
      setDeleteError(err);
    }
  };
  return (
    <Loading state={state}>
      {() => {
        if (!draft) return null;
        const { store, categories, product } = state.data!;
        const set = (patch: Partial<Draft>) => {
          setNotice('');
          setDraft({ ...draft, ...patch });
        };
        const setOptions = (options: OptionDraft[]) => set({ options, variants: combine(options, draft.variants, draft.slug || draft.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')) });
        const otherLanguages = (store.languages ?? []).filter((l: string) => l !== store.default_language);
        return (
          <>
            <PageHead title={product ? product.name : 'New product'} actions={product && <ConfirmButton label="Delete" question="Delete this product? Orders keep their lines." onConfirm={remove} />} />
            <ErrorNotice error={deleteError} />
            <form onSubmit={save.submit} noValidate class="product-form">
              <FormError error={save.error} />
              {notice && <p class="notice notice-success" role="status">{notice}</p>}
              <Card title="Details">
                <TextField label="Name" name="name" value={draft.name} onValue={(name) => set({ name })} errors={save.fieldErrors} required />
                <TextField label="Slug" name="slug" value={draft.slug} onValue={(slug) => set({ slug })} errors={save.fieldErrors} hint="Empty: made from the name." />
                <Field label="Description" name="description" errors={save.fieldErrors}>
                  {(props) => <textarea {...props} rows={5} value={draft.description} onInput={(e) => set({ description: (e.target as HTMLTextAreaElement).value })} />}
                </Field>
                <div class="two">
                  <SelectField label="Status" name="status" value={draft.status} onValue={(status) => set({ status: status as Draft['status'] })} errors={save.fieldErrors} options={[['draft', 'Draft (hidden)'], ['active', 'Active (published)'], ['archived', 'Archived']]} />
                  <SelectField label="Category" name="category_id" value={draft.category_id} onValue={(category_id) => set({ category_id })} errors={save.fieldErrors} options={[['', 'None'], ...categories.map((c) => [String(c.id), c.name] as [string, string])]} />
                </div>
              </Card>
              <Card title="Options and variants">
                {draft.options.map((option, i) => (
                  <div class="two option-row">
                    <TextField label={`Option ${i + 1} name`} name={`options.${i}.name`} value={option.name} onValue={(name) => setOptions(draft.options.map((o, j) => (j === i ? { ...o, name } : o)))} errors={save.fieldErrors} placeholder="Size" />
                    <TextField label={`Option ${i + 1} values, comma-separated`} name={`options.${i}.values`} value={option.values} onValue={(values) => setOptions(draft.options.map((o, j) => (j === i ? { ...o, values } : o)))} errors={save.fieldErrors} placeholder="S, M, L" />
                  </div>
                ))}
                <Button onClick={() => setOptions([...draft.options, { name: '', values: '' }])}>Add option</Button>
                {draft.variants.length === 0 && <p class="muted">Without options, one variant: </p>}
                {draft.variants.length === 0 && <Button onClick={() => set({ variants: [{ options: {}, sku: '', price: '', prices: {}, weight: '' }] })}>Add a single variant</Button>}
                {draft.variants.length > 0 && <VariantRows variants={draft.variants} onChange={(variants) => set({ variants })} currencies={store.currencies ?? []} defaultCurrency={store.default_currency!} errors={save.fieldErrors} />}
              </Card>
              {otherLanguages.length > 0 && (
                <Card title="Translations">
                  {otherLanguages.map((lang: string) => {
                    const t = draft.translations[lang] ?? { name: '', description: '' };
                    const setT = (patch: Partial<typeof t>) => set({ translations: { ...draft.translations, [lang]: { ...t, ...patch } } });
                    return (
                      <fieldset lang={lang}>
                        <legend>{lang.toUpperCase()}</legend>
                        <TextField label={`Name (${lang})`} name={`translations.${lang}.name`} value={t.name} onValue={(name) => setT({ name })} errors={save.fieldErrors} />
                        <Field label={`Description (${lang})`} name={`translations.${lang}.description`} errors={save.fieldErrors}>
                          {(props) => <textarea {...props} rows={3} value={t.description} onInput={(e) => setT({ description: (e.target as HTMLTextAreaElement).value })} />}
                        </Field>
                      </fieldset>
                    );
                  })}
                </Card>
              )}
              <Card title="Images">
                {draft.images.map((image, i) => (
                  <div class="two">
                    <TextField label={`Image ${i + 1} URL (https)`} name={`images.${i}.url`} type="url" value={image.url} onValue={(url) => set({ images: draft.images.map((im, j) => (j === i ? { ...im, url } : im)) })} errors={save.fieldErrors} />
                    <TextField label={`Image ${i + 1} description`} name={`images.${i}.alt`} value={image.alt} onValue={(alt) => set({ images: draft.images.map((im, j) => (j === i ? { ...im, alt } : im)) })} errors={save.fieldErrors} />
                  </div>
                ))}
                <Button onClick={() => set({ images: [...draft.images, { url: '', alt: '' }] })}>Add image</Button>
              </Card>
              <div class="form-actions">
                <Button kind="primary" type="submit" disabled={save.busy}>
                  {save.busy ? 'Saving…' : product ? 'Save product' : 'Create product'}
                </Button>
              </div>
            </form>
            {product && <Zone name="product.details" props={{ product, reload: state.reload }} />}
          </>
        );
      }}
    </Loading>
  );
}
