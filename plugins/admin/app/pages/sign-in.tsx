import { useState } from 'preact/hooks';
import { signIn, type StaffUser } from '../session.ts';
import { FormError, TextField, useSubmit } from '../components/form.tsx';
import { Button } from '../components/ui.tsx';
import { Link } from '../router.tsx';

export function SignIn({ onSignedIn }: { onSignedIn: (user: StaffUser) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, fieldErrors, submit } = useSubmit(() => signIn(email, password), onSignedIn);
  return (
    <main class="auth" id="main">
      <form class="card auth-card" onSubmit={submit} noValidate>
        <h1>Sign in to the admin panel</h1>
        <FormError error={error} />
        <TextField label="E-mail" name="email" type="email" autoComplete="username" required value={email} onValue={setEmail} errors={fieldErrors} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" required value={password} onValue={setPassword} errors={fieldErrors} />
        <Button kind="primary" type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
        <p>
          <Link href="/admin/reset-password/">Forgot your password?</Link>
        </p>
      </form>
    </main>
  );
}
