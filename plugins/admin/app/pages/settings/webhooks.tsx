import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { EventPicker } from '../../components/event-picker.tsx';
import { FormError, TextField, useSubmit } from '../../components/form.tsx';
import { PagedTable, pageParams, useLoad } from '../../components/list.tsx';
import { OnceSecret } from '../../components/once-secret.tsx';
import { Badge, Button, Card, PageHead } from '../../components/ui.tsx';
import { Link, useQuery } from '../../router.tsx';

/** Settings → Webhooks: the endpoints, and a new one (its signing secret shown once). */
export function Webhooks() {
  const [query] = useQuery();
  const state = useLoad(async () => ok(await api.GET('/api/v1/webhooks/', { params: { query: pageParams(query) } })), [query.page]);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useSubmit(
    async () => ok(await api.POST('/api/v1/webhooks/', { body: { url, description, events, active: true } })),
    (endpoint) => {
      setSecret((endpoint as { secret: string }).secret);
      setUrl('');
      setDescription('');
      setEvents([]);
      state.reload();
    },
  );
  return (
    <>
      <PageHead title="Webhooks" />
      <p class="lead">The store posts each event, signed with the endpoint's secret, to the URLs below, and retries until they answer 2xx.</p>
      {secret && <OnceSecret label="The endpoint's signing secret:" value={secret} onDismiss={() => setSecret(null)} />}
      <PagedTable
        state={state}
        empty="No endpoint yet."
        label="endpoints"
        columns={['URL', 'Events', 'State']}
        row={(w) => (
          <tr>
            <td>
              <Link href={`/admin/settings/webhooks/${w.id}/`}>{w.url}</Link>
              {w.description && <div class="muted">{w.description}</div>}
            </td>
            <td>{w.events.join(', ')}</td>
            <td>{w.disabled_at ? <Badge value="disabled" /> : w.failing_since ? <Badge value="failing" /> : w.active ? <Badge value="active" /> : <Badge value="paused" />}</td>
          </tr>
        )}
      />
      <Card title="Add an endpoint">
        <form onSubmit={create.submit} noValidate>
          <FormError error={create.error} />
          <TextField label="URL (HTTPS)" name="url" type="url" value={url} onValue={setUrl} errors={create.fieldErrors} required />
          <TextField label="Description" name="description" value={description} onValue={setDescription} errors={create.fieldErrors} />
          <EventPicker value={events} onValue={setEvents} errors={create.fieldErrors} />
          <Button kind="primary" type="submit" disabled={create.busy}>
            Add endpoint
          </Button>
        </form>
      </Card>
    </>
  );
}
