import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { FormError, SelectField, TextField, useAction, useSubmit } from '../../components/form.tsx';
import { PagedTable, pageParams, useLoad } from '../../components/list.tsx';
import { OnceSecret } from '../../components/once-secret.tsx';
import { Badge, Button, Card, ConfirmButton, ErrorNotice, PageHead } from '../../components/ui.tsx';
import { formatDate } from '../../format.ts';
import { useQuery } from '../../router.tsx';

/** Settings → API → API keys: create (the key shown once), list by last 4 characters and last use, revoke. */
export function ApiKeys() {
  const [query] = useQuery();
  const state = useLoad(async () => ok(await api.GET('/api/v1/api-keys/', { params: { query: pageParams(query) } })), [query.page]);
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const revoker = useAction(state.reload);
  const create = useSubmit(
    async () => ok(await api.POST('/api/v1/api-keys/', { body: { name, mode } })),
    (key) => {
      setCreated({ name: key.name, key: key.key ?? '' });
      setName('');
      state.reload();
    },
  );
  const revoke = (id: number) => revoker.run(async () => ok(await api.DELETE('/api/v1/api-keys/{id}/', { params: { path: { id } } })));
  return (
    <>
      <PageHead title="API keys" />
      <p class="lead">Keys let programs (an ERP, a point of sale, a headless shop) use the REST API with <code>Authorization: Token …</code>. A key can do what staff can.</p>
      {created && <OnceSecret label={`The key “${created.name}”:`} value={created.key} onDismiss={() => setCreated(null)} />}
      <Card title="Create a key">
        <form class="inline-form" onSubmit={create.submit} noValidate>
          <FormError error={create.error} />
          <TextField label="Name" name="name" value={name} onValue={setName} errors={create.fieldErrors} required hint="What uses it, e.g. “ERP sync”." />
          <SelectField label="Mode" name="mode" value={mode} onValue={(v) => setMode(v as 'live' | 'test')} errors={create.fieldErrors} options={[['live', 'Live'], ['test', 'Test (test payments only)']]} />
          <Button kind="primary" type="submit" disabled={create.busy}>
            Create key
          </Button>
        </form>
      </Card>
      <ErrorNotice error={revoker.error} />
      <PagedTable
        state={state}
        empty="No API key yet."
        label="keys"
        columns={['Name', 'Mode', 'Key', 'Created', 'Last used', { label: 'Actions', hidden: true }]}
        row={(k) => (
          <tr data-key-name={k.name}>
            <td>{k.name}</td>
            <td>
              <Badge value={k.mode} />
            </td>
            <td>
              <code>…{k.last4}</code>
            </td>
            <td>{formatDate(k.created_at)}</td>
            <td>{k.last_used_at ? formatDate(k.last_used_at) : 'Never'}</td>
            <td>{k.revoked_at ? <Badge value="revoked" /> : <ConfirmButton label="Revoke" question={`Revoke “${k.name}”? Programs using it stop working at once.`} onConfirm={() => revoke(k.id)} />}</td>
          </tr>
        )}
      />
    </>
  );
}
