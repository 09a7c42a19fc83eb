import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Link, navigate } from './router.tsx';
import { screens } from './routes.tsx';
import { signOut, type StaffUser } from './session.ts';

const GROUPS = ['Store', 'Catalogue', 'Settings', 'Plugins'] as const;

function isCurrent(pattern: string, current: string): boolean {
  if (pattern === '/admin/') return current === '/admin/' || current === '/admin';
  return current.startsWith(pattern);
}

/** The frame of every screen: the sidebar (a menu button below 800 px), the signed-in user, the content. */
export function Layout({ user, current, onSignedOut, children }: { user: StaffUser; current: string; onSignedOut: () => void; children: ComponentChildren }) {
  const [open, setOpen] = useState(false);
  const out = async () => {
    await signOut();
    onSignedOut();
    navigate('/admin/', { replace: true });
  };
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <button type="button" class="btn btn-plain menu-toggle" aria-expanded={open} aria-controls="sidebar" onClick={() => setOpen(!open)}>
          Menu
        </button>
        <Link href="/admin/" class="brand">
          Storekeep
        </Link>
        <span class="whoami">{user.email}</span>
        <button type="button" class="btn btn-plain" onClick={out}>
          Sign out
        </button>
      </header>
      <nav id="sidebar" class={`sidebar${open ? ' open' : ''}`} aria-label="Sections" onClick={() => setOpen(false)}>
        {GROUPS.map((group) => {
          const entries = screens.filter((s) => s.nav === group);
          if (entries.length === 0) return null;
          return (
            <div class="nav-group">
              <h2>{group}</h2>
              <ul>
                {entries.map((s) => (
                  <li>
                    <Link href={s.pattern} aria-current={isCurrent(s.pattern, current) ? 'page' : undefined}>
                      {s.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </nav>
      <main id="main" class="content" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
