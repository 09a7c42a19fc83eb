import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './schema';

/** A refusal from the API, with its `{detail, code, errors}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    /** Field path → messages, for the form that sent them. */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(detail);
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
let csrfToken: string | undefined;

function csrfCookie(): string | undefined {
  return document.cookie.split('; ').find((c) => c.startsWith('csrftoken='))?.slice('csrftoken='.length);
}

/** The session's CSRF token: the cookie when the store set it, else asked for once. */
async function csrf(): Promise<string> {
  const cookie = csrfCookie();
  if (cookie) return cookie;
  if (!csrfToken) {
    const res = await fetch('/api/v1/auth/csrf/', { credentials: 'same-origin' });
    csrfToken = ((await res.json()) as { csrf_token: string }).csrf_token;
  }
  return csrfToken;
}

const sessionRequests: Middleware = {
  async onRequest({ request }) {
    if (UNSAFE.has(request.method)) request.headers.set('X-CSRFToken', await csrf());
    request.headers.set('Accept-Language', 'en');
    return request;
  },
};

/** The panel's only way to the store: the public REST API, typed from its OpenAPI document. */
export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(sessionRequests);

/** The body of a successful answer, or an ApiError carrying the refusal. */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as { detail?: string; code?: string; errors?: Record<string, string[]> };
  throw new ApiError(result.response.status, body.code ?? 'error', body.detail ?? `The store answered ${result.response.status}.`, body.errors ?? {});
}

/** Forgets the CSRF token (after sign-out the store may issue another). */
export function resetCsrf(): void {
  csrfToken = undefined;
}
