import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Knex } from 'knex';
import type { TestStore } from './store.ts';
import type { ApiKeyService, KeyMode } from '../../plugins/core-auth/services/api-keys.ts';
import type { StaffRole, User, UserService } from '../../plugins/core-auth/services/users.ts';

/** The Authorization header of an API key. */
export function authHeader(key: string): { authorization: string } {
  return { authorization: `Token ${key}` };
}

let sequence = 0;

export interface StaffAccount {
  user: User;
  id: number;
  email: string;
  password: string;
  role: StaffRole;
}

/** Creates a staff account directly through core-auth's services (defaults: a fresh e-mail, role staff). */
export async function createStaff(store: TestStore, opts: { email?: string; password?: string; role?: StaffRole } = {}): Promise<StaffAccount> {
  const container = store.kernel.container;
  const users = container.resolve<UserService>('userService');
  const email = opts.email ?? `staff-${process.pid}-${++sequence}@example.com`;
  const password = opts.password ?? 'staff-password-123';
  const role = opts.role ?? 'staff';
  const user = await users.create(container.resolve<Knex>('knex'), { kind: 'staff', role, email, password });
  return { user, id: user.id, email: user.email, password, role };
}

/** A new API key with full access (live unless `mode: 'test'`), created through the services. */
export async function staffApiKey(store: TestStore, opts: { mode?: KeyMode; name?: string } = {}): Promise<string> {
  const container = store.kernel.container;
  const apiKeys = container.resolve<ApiKeyService>('apiKeyService');
  const { key } = await apiKeys.create(container.resolve<Knex>('knex'), { name: opts.name ?? 'test helper', mode: opts.mode ?? 'live' });
  return key;
}

export interface SessionRequest extends InjectOptions {
  plain?: boolean;
  /** X-CSRFToken to send: the jar's token by default on state changes; false sends none; a string sends that. */
  csrf?: boolean | string;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A browser-like client over `store.inject`: keeps the cookies the store sets (sessionid, csrftoken)
 * and sends them back, adding X-CSRFToken from the csrftoken cookie on state-changing requests.
 */
export class SessionClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly store: TestStore) {}

  /** The CSRF token currently held (the csrftoken cookie). */
  get csrfToken(): string | undefined {
    return this.cookies.get('csrftoken');
  }

  /** GET /api/v1/auth/csrf/; returns the token. */
  async csrf(): Promise<string> {
    const res = await this.request({ method: 'GET', url: '/api/v1/auth/csrf/' });
    if (res.statusCode !== 200) throw new Error(`GET /api/v1/auth/csrf/ answered ${res.statusCode}: ${res.body}`);
    return res.json().csrf_token;
  }

  /** POST /api/v1/auth/login/ (fetching a CSRF token first if the client has none). */
  async login(email: string, password: string): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.csrf();
    return this.request({ method: 'POST', url: '/api/v1/auth/login/', payload: { email, password } });
  }

  /** POST /api/v1/auth/register/ (fetching a CSRF token first if the client has none). */
  async register(body: { email: string; password: string; first_name?: string; last_name?: string }): Promise<LightMyRequestResponse> {
    if (!this.csrfToken) await this.csrf();
    return this.request({ method: 'POST', url: '/api/v1/auth/register/', payload: body });
  }

  /** POST /api/v1/auth/logout/. */
  async logout(): Promise<LightMyRequestResponse> {
    return this.request({ method: 'POST', url: '/api/v1/auth/logout/' });
  }

  /** Any request, with the jar's cookies and (on state changes) X-CSRFToken. */
  async request(opts: SessionRequest): Promise<LightMyRequestResponse> {
    const { csrf, ...rest } = opts;
    const headers = { ...((rest.headers ?? {}) as Record<string, string>) };
    if (this.cookies.size > 0) {
      const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      headers.cookie = headers.cookie ? `${headers.cookie}; ${jar}` : jar;
    }
    const method = String(rest.method ?? 'GET').toUpperCase();
    const token = typeof csrf === 'string' ? csrf : csrf === false || SAFE.has(method) ? undefined : this.csrfToken;
    if (token !== undefined) headers['x-csrftoken'] = token;
    const res = await this.store.inject({ ...rest, headers });
    this.remember(res);
    return res;
  }

  private remember(res: LightMyRequestResponse): void {
    for (const c of res.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}

/** A SessionClient logged in as a new staff account (owner with `role: 'owner'`). */
export async function staffSession(store: TestStore, opts: { role?: StaffRole } = {}): Promise<{ client: SessionClient; staff: StaffAccount }> {
  const staff = await createStaff(store, opts);
  const client = new SessionClient(store);
  const res = await client.login(staff.email, staff.password);
  if (res.statusCode !== 200) throw new Error(`staff login answered ${res.statusCode}: ${res.body}`);
  return { client, staff };
}
