import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../api/client.ts';
import { FormError, useAction, useSubmit } from '../components/form.tsx';
import { Loading, useLoad } from '../components/list.tsx';
import { SchemaFields, type ObjectSchema } from '../components/schema-form.tsx';
import { Badge, Button, Card, ErrorNotice, PageHead } from '../components/ui.tsx';

function ThemeSettingsForm({ name, schema }: { name: string; schema: ObjectSchema }) {
  const state = useLoad(async () => ok(await api.GET('/api/v1/themes/{name}/settings/', { params: { path: { name } } })), [name]);
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (state.data) setValues(state.data.settings);
  }, [state.data]);
  const save = useSubmit(async () => ok(await api.PUT('/api/v1/themes/{name}/settings/', { params: { path: { name } }, body: { settings: values! } })), () => setSaved(true));
  return (
    <Loading state={state}>
      {() =>
        values && (
          <form onSubmit={save.submit} noValidate>
            <FormError error={save.error} />
            {saved && <p class="notice notice-success" role="status">Saved. The shop shows it on the next page load.</p>}
            <SchemaFields schema={schema} values={values} onChange={(v) => { setSaved(false); setValues(v); }} errors={save.fieldErrors} />
            <Button kind="primary" type="submit" disabled={save.busy}>
              Save settings
            </Button>
          </form>
        )
      }
    </Loading>
  );
}

/** Installed themes: activate one, preview another in the shop, change a theme's settings. */
export function Themes() {
  const state = useLoad(async () => ok(await api.GET('/api/v1/themes/', { params: { query: { page_size: 100 } } })), []);
  const [open, setOpen] = useState<string | null>(null);
  const action = useAction(state.reload);
  const activate = (name: string) => action.run(async () => ok(await api.POST('/api/v1/themes/{name}/activate/', { params: { path: { name } } })));
  return (
    <>
      <PageHead title="Themes" />
      <ErrorNotice error={action.error} />
      <Loading state={state}>
        {() => (
          <div class="grid">
            {state.data!.results.map((theme) => (
              <Card
                title={`${theme.name} ${theme.version ?? ''}`}
                actions={
                  <>
                    {theme.active ? <Badge value="active" /> : theme.usable && <Button kind="primary" onClick={() => activate(theme.name)}>Activate {theme.name}</Button>}
                    {!theme.active && theme.usable && (
                      <a class="btn btn-plain" href={`/?preview_theme=${encodeURIComponent(theme.name)}`} target="_blank" rel="noopener">
                        Preview
                      </a>
                    )}
                  </>
                }
              >
                {theme.parent && <p class="muted">Extends {theme.parent}</p>}
                {!theme.usable && <p class="notice notice-error">{theme.reason}</p>}
                <p class="muted">From {theme.source}</p>
                {theme.settings_schema && (
                  <>
                    <Button onClick={() => setOpen(open === theme.name ? null : theme.name)} aria-expanded={open === theme.name}>
                      Settings of {theme.name}
                    </Button>
                    {open === theme.name && <ThemeSettingsForm name={theme.name} schema={theme.settings_schema as ObjectSchema} />}
                  </>
                )}
              </Card>
            ))}
          </div>
        )}
      </Loading>
    </>
  );
}
