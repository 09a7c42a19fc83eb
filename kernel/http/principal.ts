/** Who is calling: resolved once per request by the `kernel.authenticate` taps (core-auth). */
export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'staff'; id: number; email: string; role: 'owner' | 'staff'; via: 'session'; sessionId: string }
  | { kind: 'customer'; id: number; email: string; via: 'session'; sessionId: string }
  | { kind: 'api_key'; id: number; name: string; mode: 'live' | 'test'; scopes: string[]; via: 'token' };

export const ANONYMOUS: Principal = Object.freeze({ kind: 'anonymous' });

/**
 * Who may call a route. public: anyone; authenticated: any credentials; staff: staff sessions and API
 * keys; customer: a customer's session; customer-or-staff: either.
 */
export type AuthPolicy = 'public' | 'authenticated' | 'staff' | 'customer' | 'customer-or-staff';

export function isStaffLike(p: Principal): boolean {
  return p.kind === 'staff' || p.kind === 'api_key';
}

export function satisfies(policy: AuthPolicy, p: Principal): boolean {
  switch (policy) {
    case 'public':
      return true;
    case 'authenticated':
      return p.kind !== 'anonymous';
    case 'staff':
      return isStaffLike(p);
    case 'customer':
      return p.kind === 'customer';
    case 'customer-or-staff':
      return p.kind === 'customer' || isStaffLike(p);
  }
}

/** A stable key for per-caller state (rate limits, idempotency): never the credential itself. */
export function principalKey(p: Principal, ip: string): string {
  switch (p.kind) {
    case 'anonymous':
      return `ip:${ip}`;
    case 'api_key':
      return `key:${p.id}`;
    default:
      return `${p.kind}:${p.id}`;
  }
}
