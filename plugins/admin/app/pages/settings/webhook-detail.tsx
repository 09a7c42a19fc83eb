import { useEffect, useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { EventPicker } from '../../components/event-picker.tsx';
import { CheckboxField, FormError, TextField, useAction, useSubmit } from '../../components/form.tsx';
import { Loading, PagedTable, pageParams, useLoad } from '../../components/list.tsx';
import { OnceSecret } from '../../components/once-secret.tsx';
import { Badge, Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../../components/ui.tsx';
import { formatDate } from '../../format.ts';
import { navigate, useQuery } from '../../router.tsx';
import type { ScreenProps } from '../../routes.tsx';

/** One endpoint: edit, rotate its secret, delete, and its delivery log with redelivery. */
export function WebhookDetail({ params }: ScreenProps) {
  const id = Number(params.id);
  const [query, setQuery] = useQuery();
  const endpoint = useLoad(async () => ok(await api.GET('/api/v1/webhooks/{id}/', { params: { path: { id } } })), [id]);
  const deliveries = useLoad(
    async () => ok(await api.GET('/api/v1/webhooks/{id}/deliveries/', { params: { path: { id }, query: { ...pageParams(query), status: (query.status || undefined) as any } } })),
    [id, query.page, query.status],
  );
  const [form, setForm] = useState<{ url: string; description: string; events: string[]; active: boolean } | null>(null);
  // Filled once from the endpoint; after a save the form already holds what was saved.
  useEffect(() => {
    if (endpoint.data && !form) setForm({ url: endpoint.data.url, description: endpoint.data.description, events: endpoint.data.events, active: endpoint.data.active });
  }, [endpoint.data]);
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const act = action.run;
  const save = useSubmit(async () => ok(await api.PATCH('/api/v1/webhooks/{id}/', { params: { path: { id } }, body: form! })), () => endpoint.reload());
  return (
    <Loading state={endpoint}>
      {() => (
        <>
          <PageHead
            title={`Webhook ${endpoint.data!.url}`}
            actions={
              <>
                <ConfirmButton label="Rotate secret" question="Make a new signing secret? The old one stops verifying at once." onConfirm={() => act(async () => setSecret((ok(await api.POST('/api/v1/webhooks/{id}/rotate-secret/', { params: { path: { id } } })) as { secret: string }).secret))} />
                <ConfirmButton label="Delete" question="Delete this endpoint? Pending deliveries to it stop." onConfirm={() => act(async () => { ok(await api.DELETE('/api/v1/webhooks/{id}/', { params: { path: { id } } })); navigate('/admin/settings/webhooks/'); })} />
              </>
            }
          />
          <ErrorNotice error={action.error} />
          {secret && <OnceSecret label="The new signing secret:" value={secret} onDismiss={() => setSecret(null)} />}
          {endpoint.data!.disabled_at && <p class="notice notice-error">Disabled {formatDate(endpoint.data!.disabled_at)}: {endpoint.data!.disabled_reason}</p>}
          {form && (
            <Card title="Endpoint">
              <form onSubmit={save.submit} noValidate>
                <FormError error={save.error} />
                <TextField label="URL (HTTPS)" name="url" type="url" value={form.url} onValue={(url) => setForm({ ...form, url })} errors={save.fieldErrors} />
                <TextField label="Description" name="description" value={form.description} onValue={(description) => setForm({ ...form, description })} errors={save.fieldErrors} />
                <EventPicker value={form.events} onValue={(events) => setForm({ ...form, events })} errors={save.fieldErrors} />
                <CheckboxField label="Active" name="active" checked={form.active} onValue={(active) => setForm({ ...form, active })} />
                <Button kind="primary" type="submit" disabled={save.busy}>
                  Save
                </Button>
              </form>
            </Card>
          )}
          <Card
            title="Deliveries"
            actions={
              <label>
                Status{' '}
                <select value={query.status ?? ''} onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value, page: undefined })}>
                  <option value="">Any</option>
                  <option value="succeeded">succeeded</option>
                  <option value="pending">pending</option>
                  <option value="failed">failed</option>
                </select>
              </label>
            }
          >
            <PagedTable
              state={deliveries}
              class="deliveries"
              empty="No delivery yet."
              label="deliveries"
              columns={['Event', 'Status', 'Response', { label: 'Attempts', num: true }, 'Created', { label: 'Actions', hidden: true }]}
              row={(d) => (
                <tr data-event-type={d.event_type}>
                  <td>{d.event_type}</td>
                  <td>
                    <Badge value={d.status} />
                  </td>
                  <td>
                    {d.last_status_code ?? '—'} {d.latency_ms !== null ? `${d.latency_ms} ms` : ''}
                    {d.last_error && <div class="muted">{d.last_error}</div>}
                    {d.response_body && (
                      <details>
                        <summary>Body</summary>
                        <pre>{d.response_body}</pre>
                      </details>
                    )}
                  </td>
                  <td class="num">{d.attempts}</td>
                  <td>{formatDate(d.created_at)}</td>
                  <td>
                    <Button onClick={() => act(async () => { ok(await api.POST('/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver/', { params: { path: { id, delivery_id: d.id } } })); deliveries.reload(); })}>Redeliver</Button>
                  </td>
                </tr>
              )}
            />
          </Card>
        </>
      )}
    </Loading>
  );
}
