import { useState } from 'preact/hooks';
import { api, ok } from '../../api/client.ts';
import { FormError, SelectField, TextField, useAction, useSubmit } from '../../components/form.tsx';
import { PagedTable, pageParams, useLoad } from '../../components/list.tsx';
import { Badge, Button, Card, ConfirmButton, ErrorNotice, Notice, PageHead } from '../../components/ui.tsx';
import { formatDate } from '../../format.ts';
import { useQuery } from '../../router.tsx';
import type { ScreenProps } from '../../routes.tsx';

/** Settings → Staff: the team that runs the store. The owner adds members, changes roles, deactivates. */
export function Staff({ user }: ScreenProps) {
  const [query] = useQuery();
  const state = useLoad(async () => ok(await api.GET('/api/v1/staff/', { params: { query: pageParams(query) } })), [query.page]);
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [role, setRole] = useState<'staff' | 'owner'>('staff');
  const [added, setAdded] = useState('');
  const isOwner = user.role === 'owner';
  const add = useSubmit(
    async () => ok(await api.POST('/api/v1/staff/', { body: { email, first_name: firstName, last_name: lastName, role } })),
    (member) => {
      setAdded(`${member.email} was added and mailed a link to choose a password.`);
      setEmail('');
      setFirstName('');
      setLastName('');
      state.reload();
    },
  );
  const action = useAction(state.reload);
  const change = (id: number, body: { role?: 'owner' | 'staff'; is_active?: boolean }) => action.run(async () => ok(await api.PATCH('/api/v1/staff/{id}/', { params: { path: { id } }, body })));
  return (
    <>
      <PageHead title="Staff" />
      {!isOwner && <Notice>Only the owner adds members or changes their roles.</Notice>}
      {added && <Notice kind="success">{added}</Notice>}
      <ErrorNotice error={action.error} />
      <PagedTable
        state={state}
        empty="No staff account."
        label="accounts"
        columns={['E-mail', 'Name', 'Role', 'State', 'Last sign-in', { label: 'Actions', hidden: true }]}
        row={(member) => (
          <tr data-staff={member.email}>
            <td>{member.email}</td>
            <td>{`${member.first_name} ${member.last_name}`.trim() || '—'}</td>
            <td>
              <Badge value={member.role} />
            </td>
            <td>{member.is_active ? <Badge value="active" /> : <Badge value="disabled" />}</td>
            <td>{formatDate(member.last_login_at)}</td>
            <td class="actions">
              {isOwner && member.id !== user.id && (
                <>
                  <Button onClick={() => change(member.id, { role: member.role === 'owner' ? 'staff' : 'owner' })}>{member.role === 'owner' ? 'Make staff' : 'Make owner'}</Button>
                  {member.is_active ? (
                    <ConfirmButton label="Deactivate" question={`Deactivate ${member.email}? Their sessions end at once.`} onConfirm={() => change(member.id, { is_active: false })} />
                  ) : (
                    <Button onClick={() => change(member.id, { is_active: true })}>Reactivate</Button>
                  )}
                </>
              )}
            </td>
          </tr>
        )}
      />
      {isOwner && (
        <Card title="Add a member">
          <form onSubmit={add.submit} noValidate>
            <FormError error={add.error} />
            <div class="two">
              <TextField label="E-mail" name="email" type="email" value={email} onValue={setEmail} errors={add.fieldErrors} required />
              <SelectField label="Role" name="role" value={role} onValue={(v) => setRole(v as 'staff' | 'owner')} errors={add.fieldErrors} options={[['staff', 'Staff'], ['owner', 'Owner (also manages staff)']]} />
              <TextField label="First name" name="first_name" value={firstName} onValue={setFirstName} errors={add.fieldErrors} />
              <TextField label="Last name" name="last_name" value={lastName} onValue={setLastName} errors={add.fieldErrors} />
            </div>
            <p class="hint">The new member gets an e-mail with a link to choose a password.</p>
            <Button kind="primary" type="submit" disabled={add.busy}>
              Add member
            </Button>
          </form>
        </Card>
      )}
    </>
  );
}
