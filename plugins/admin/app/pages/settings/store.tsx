import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { CheckboxField, Field, FormError, TextField, useSubmit } from '../../components/form.tsx';
import { Loading, useLoad } from '../../components/list.tsx';
import { Button, Card, PageHead } from '../../components/ui.tsx';
import { forgetStoreSettings } from '../../store-settings.ts';
import { Zone } from '../../components/zone.tsx';

interface StoreDraft {
  name: string;
  email: string;
  default_currency: string;
  currencies: string;
  exchange_rates: string;
  default_language: string;
  languages: string;
  prices_include_tax: boolean;
  tax_rates: string;
  test_mode: boolean;
  low_stock_threshold: string;
  tagline: string;
  logo_url: string;
  primary_color: string;
}

const list = (text: string) => text.split(/[,\s]+/).map((s) => s.trim()).filter(Boolean);
/** `EUR=0.92` lines (or comma-separated) as an object. */
const pairs = (text: string) => Object.fromEntries(text.split(/[\n,]+/).map((l) => l.split('=').map((s) => s.trim())).filter((p) => p.length === 2 && p[0] && p[1]) as [string, string][]);

function draftOf(store: any): StoreDraft {
  return {
    name: store.name ?? '',
    email: store.email ?? '',
    default_currency: store.default_currency ?? '',
    currencies: (store.currencies ?? []).join(', '),
    exchange_rates: Object.entries(store.exchange_rates ?? {}).map(([c, r]) => `${c}=${r}`).join('\n'),
    default_language: store.default_language ?? '',
    languages: (store.languages ?? []).join(', '),
    prices_include_tax: Boolean(store.prices_include_tax),
    tax_rates: (store.tax_rates ?? []).map((t: { country: string; rate: string }) => `${t.country}=${t.rate}`).join('\n'),
    test_mode: Boolean(store.test_mode),
    low_stock_threshold: store.low_stock_threshold === undefined ? '' : String(store.low_stock_threshold),
    tagline: store.branding?.tagline ?? '',
    logo_url: store.branding?.logo_url ?? '',
    primary_color: store.branding?.primary_color ?? '',
  };
}

/** Settings → Store: name, currencies and exchange rates, languages, taxes, test mode, branding. */
export function StoreSettings() {
  const state = useLoad(async () => ok(await api.GET('/api/v1/store/')), []);
  const [draft, setDraft] = useState<StoreDraft | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (state.data) setDraft(draftOf(state.data));
  }, [state.data]);
  const save = useSubmit(async () => {
    const d = draft!;
    const body = {
      name: d.name,
      email: d.email || null,
      default_currency: d.default_currency.toUpperCase(),
      currencies: list(d.currencies.toUpperCase()),
      exchange_rates: pairs(d.exchange_rates.toUpperCase()),
      default_language: d.default_language,
      languages: list(d.languages),
      prices_include_tax: d.prices_include_tax,
      tax_rates: Object.entries(pairs(d.tax_rates.toUpperCase())).map(([country, rate]) => ({ country, rate })),
      test_mode: d.test_mode,
      ...(d.low_stock_threshold !== '' ? { low_stock_threshold: Number(d.low_stock_threshold) } : {}),
      branding: { tagline: d.tagline || null, logo_url: d.logo_url || null, primary_color: d.primary_color || null },
    };
    return ok(await api.PATCH('/api/v1/store/', { body: body as any }));
  }, (store) => {
    // The answer is the store as saved: the form shows it (a reload could overwrite what is typed next).
    forgetStoreSettings();
    setDraft(draftOf(store));
    setSaved(true);
  });
  return (
    <Loading state={state}>
      {() =>
        draft && (
          <>
            <PageHead title="Store settings" />
            <form onSubmit={save.submit} noValidate>
              <FormError error={save.error} />
              {saved && <p class="notice notice-success" role="status">Saved.</p>}
              <Card title="Store">
                <TextField label="Store name" name="name" value={draft.name} onValue={(name) => setDraft({ ...draft, name })} errors={save.fieldErrors} />
                <TextField label="Contact e-mail" name="email" type="email" value={draft.email} onValue={(email) => setDraft({ ...draft, email })} errors={save.fieldErrors} />
                <CheckboxField label="Test mode (test payments and test API keys work)" name="test_mode" checked={draft.test_mode} onValue={(test_mode) => setDraft({ ...draft, test_mode })} />
                <TextField label="Low stock threshold" name="low_stock_threshold" type="number" min={0} value={draft.low_stock_threshold} onValue={(v) => setDraft({ ...draft, low_stock_threshold: v })} errors={save.fieldErrors} />
              </Card>
              <Card title="Currencies">
                <TextField label="Default currency" name="default_currency" value={draft.default_currency} onValue={(v) => setDraft({ ...draft, default_currency: v })} errors={save.fieldErrors} />
                <TextField label="Currencies (codes, comma-separated)" name="currencies" value={draft.currencies} onValue={(v) => setDraft({ ...draft, currencies: v })} errors={save.fieldErrors} />
                <Field label="Exchange rates from the default currency (one per line, EUR=0.92)" name="exchange_rates" errors={save.fieldErrors}>
                  {(props) => <textarea {...props} rows={3} value={draft.exchange_rates} onInput={(e) => setDraft({ ...draft, exchange_rates: (e.target as HTMLTextAreaElement).value })} />}
                </Field>
              </Card>
              <Card title="Languages">
                <TextField label="Default language" name="default_language" value={draft.default_language} onValue={(v) => setDraft({ ...draft, default_language: v })} errors={save.fieldErrors} />
                <TextField label="Languages (comma-separated)" name="languages" value={draft.languages} onValue={(v) => setDraft({ ...draft, languages: v })} errors={save.fieldErrors} />
              </Card>
              <Card title="Taxes">
                <CheckboxField label="Prices include tax" name="prices_include_tax" checked={draft.prices_include_tax} onValue={(v) => setDraft({ ...draft, prices_include_tax: v })} />
                <Field label="Tax rates by country (one per line, DE=0.19)" name="tax_rates" errors={save.fieldErrors}>
                  {(props) => <textarea {...props} rows={4} value={draft.tax_rates} onInput={(e) => setDraft({ ...draft, tax_rates: (e.target as HTMLTextAreaElement).value })} />}
                </Field>
              </Card>
              <Card title="Branding">
                <TextField label="Tagline" name="branding.tagline" value={draft.tagline} onValue={(v) => setDraft({ ...draft, tagline: v })} errors={save.fieldErrors} />
                <TextField label="Logo URL (https)" name="branding.logo_url" type="url" value={draft.logo_url} onValue={(v) => setDraft({ ...draft, logo_url: v })} errors={save.fieldErrors} />
                <TextField label="Primary colour (#rrggbb)" name="branding.primary_color" value={draft.primary_color} onValue={(v) => setDraft({ ...draft, primary_color: v })} errors={save.fieldErrors} />
              </Card>
              <div class="form-actions">
                <Button kind="primary" type="submit" disabled={save.busy}>
                  Save settings
                </Button>
              </div>
            </form>
            <Zone name="settings" props={{}} />
          </>
        )
      }
    </Loading>
  );
}
