import { useState } from 'preact/hooks';
import { api, ok } from '../api/client.ts';
import { FormError, TextField, useSubmit } from '../components/form.tsx';
import { Button, Notice } from '../components/ui.tsx';
import { Link, useQuery } from '../router.tsx';

/**
 * Asks the store to mail a reset link (the answer never says whether the address has an account);
 * with `?token=` from that link, sets the new password.
 */
export function PasswordReset() {
  const [query] = useQuery();
  const [email, setEmail] = useState('');
  const [token, setToken] = useState(query.token ?? '');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<'' | 'requested' | 'changed'>('');
  const request = useSubmit(async () => ok(await api.POST('/api/v1/auth/password-reset/', { body: { email } })), () => setDone('requested'));
  const confirm = useSubmit(async () => ok(await api.POST('/api/v1/auth/password-reset/confirm/', { body: { token, password } })), () => setDone('changed'));
  return (
    <main class="auth" id="main">
      <div class="card auth-card">
        <h1>Reset your password</h1>
        {done === 'requested' && <Notice kind="success">If the address has an account, a link to choose a new password is on its way. It works for an hour.</Notice>}
        {done === 'changed' && <Notice kind="success">Your password is changed. You can sign in with it now.</Notice>}
        {!query.token && done === '' && (
          <form onSubmit={request.submit} noValidate>
            <FormError error={request.error} />
            <TextField label="E-mail" name="email" type="email" required value={email} onValue={setEmail} errors={request.fieldErrors} />
            <Button kind="primary" type="submit" disabled={request.busy}>
              Send the link
            </Button>
          </form>
        )}
        {query.token && done !== 'changed' && (
          <form onSubmit={confirm.submit} noValidate>
            <FormError error={confirm.error} />
            <TextField label="Reset token" name="token" required value={token} onValue={setToken} errors={confirm.fieldErrors} />
            <TextField label="New password" name="password" type="password" autoComplete="new-password" required value={password} onValue={setPassword} errors={confirm.fieldErrors} />
            <Button kind="primary" type="submit" disabled={confirm.busy}>
              Set the password
            </Button>
          </form>
        )}
        <p>
          <Link href="/admin/">Back to sign-in</Link>
        </p>
      </div>
    </main>
  );
}
