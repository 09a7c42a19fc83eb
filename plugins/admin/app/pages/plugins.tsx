import { useState } from 'preact/hooks';
import { api, ok } from '../api/client.ts';
import { FormError, useAction, useSubmit } from '../components/form.tsx';
import { Loading, useLoad } from '../components/list.tsx';
import { SchemaFields, type ObjectSchema } from '../components/schema-form.tsx';
import { Badge, Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../components/ui.tsx';
import type { components } from '../api/schema';

type Plugin = components['schemas']['Plugin'];

function PluginSettingsForm({ plugin, onSaved }: { plugin: Plugin; onSaved: () => void }) {
  const [values, setValues] = useState<Record<string, unknown>>({ ...(plugin.settings as Record<string, unknown>) });
  const save = useSubmit(async () => ok(await api.PATCH('/api/v1/plugins/{name}/', { params: { path: { name: plugin.name } }, body: { settings: values } })), onSaved);
  return (
    <form onSubmit={save.submit} noValidate>
      <FormError error={save.error} />
      <SchemaFields schema={plugin.settings_schema as ObjectSchema} values={values} onChange={setValues} errors={save.fieldErrors} secretsSet={plugin.secrets_set} />
      <Button kind="primary" type="submit" disabled={save.busy}>
        Save settings
      </Button>
    </form>
  );
}

/** Installed plugins with version, kinds and state; enable, disable, configure. */
export function Plugins() {
  const state = useLoad(async () => ok(await api.GET('/api/v1/plugins/')), []);
  const [open, setOpen] = useState<string | null>(null);
  const action = useAction(state.reload);
  const setEnabled = (name: string, enabled: boolean) => action.run(async () => ok(await api.PATCH('/api/v1/plugins/{name}/', { params: { path: { name } }, body: { enabled } })));
  return (
    <>
      <PageHead title="Plugins" />
      <ErrorNotice error={action.error} />
      <Loading state={state}>
        {() => (
          <div class="table-wrap" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">Plugin</th>
                  <th scope="col">Version</th>
                  <th scope="col">Kinds</th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {(Array.isArray(state.data) ? state.data : (state.data as unknown as { results: Plugin[] }).results).map((p: Plugin) => (
                  <>
                    <tr data-plugin={p.name}>
                      <td>
                        <strong>{p.name}</strong>
                        <div class="muted">{p.description}</div>
                        {p.reason && <div class="field-error">{p.reason}</div>}
                      </td>
                      <td>{p.version}</td>
                      <td>{p.kinds.join(', ')}</td>
                      <td>
                        <Badge value={p.state} />
                      </td>
                      <td class="actions">
                        {p.source !== 'built-in' || !p.name.startsWith('core-') ? (
                          p.enabled ? (
                            <ConfirmButton label="Disable" question={`Disable ${p.name}? Its routes and features stop.`} onConfirm={() => setEnabled(p.name, false)} />
                          ) : (
                            <Button onClick={() => setEnabled(p.name, true)}>Enable</Button>
                          )
                        ) : null}
                        {Object.keys((p.settings_schema as ObjectSchema | null)?.properties ?? {}).length > 0 && (
                          <Button onClick={() => setOpen(open === p.name ? null : p.name)} aria-expanded={open === p.name}>
                            Settings
                          </Button>
                        )}
                      </td>
                    </tr>
                    {open === p.name && (
                      <tr>
                        <td colSpan={5}>
                          <Card title={`Settings of ${p.name}`}>
                            <PluginSettingsForm plugin={p} onSaved={() => { setOpen(null); state.reload(); }} />
                          </Card>
                        </td>
                      </tr>
                    )}
                  </>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Loading>
    </>
  );
}
