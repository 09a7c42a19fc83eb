import { useEffect, useState } from 'preact/hooks';
import { currentStaff, type StaffUser } from './session.ts';
import { Layout } from './layout.tsx';
import { SignIn } from './pages/sign-in.tsx';
import { PasswordReset } from './pages/password-reset.tsx';
import { routeFor } from './routes.tsx';
import { useLocation } from './router.tsx';

/** The panel: the sign-in screen until a staff session exists, then the screen the URL names. */
export function App() {
  const url = useLocation();
  const [user, setUser] = useState<StaffUser | null | undefined>(undefined);
  useEffect(() => {
    currentStaff().then(setUser, () => setUser(null));
  }, []);
  if (url.pathname.startsWith('/admin/reset-password')) return <PasswordReset />;
  if (user === undefined) return <p class="boot">Loading…</p>;
  if (user === null) return <SignIn onSignedIn={setUser} />;
  const { component: Screen, params, title } = routeFor(url.pathname);
  document.title = `${title} · Admin`;
  return (
    <Layout user={user} onSignedOut={() => setUser(null)} current={url.pathname}>
      <Screen params={params} user={user} key={url.pathname} />
    </Layout>
  );
}
