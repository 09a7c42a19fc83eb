/**
 * The error catalogue's base: services throw AppError with a stable code; one handler
 * (kernel/http/error-handler.ts) writes it as `{detail, code, errors?}`. Services never speak HTTP
 * beyond choosing the status that the code implies.
 */
export type FieldErrors = Record<string, string[]>;

/**
 * The challenge of every 401 (`WWW-Authenticate`): an API key as `Authorization: Token <key>`, or the
 * session cookie that `POST /api/v1/auth/login/` sets (`Session`: not an HTTP scheme a browser
 * answers by itself; named so a client knows the second way in).
 */
export const AUTH_CHALLENGE = 'Token realm="storekeep", Session realm="storekeep"';

export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;

  constructor(status: number, code: string, detail: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(detail);
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.errors = errors;
    // RFC 9110 §15.5.2: every 401 says how to authenticate, whoever throws it.
    this.headers = status === 401 ? { 'www-authenticate': AUTH_CHALLENGE, ...headers } : headers;
  }

  get detail(): string {
    return this.message;
  }
}

/**
 * True for an AppError, also one thrown by a plugin that loaded its own copy of the kernel modules
 * (a CommonJS folder, a bundled npm package): recognised by shape, not by class identity.
 */
export function isAppError(err: unknown): err is AppError {
  if (err instanceof AppError) return true;
  const e = err as { name?: unknown; status?: unknown; code?: unknown; message?: unknown } | null;
  return !!e && e.name === 'AppError' && typeof e.status === 'number' && typeof e.code === 'string' && typeof e.message === 'string';
}

export const badRequest = (detail: string, errors?: FieldErrors, code = 'invalid') => new AppError(400, code, detail, errors);

/** A 400 naming one bad field; the usual way a service refuses a value the schema could not judge. */
export const invalidField = (field: string, message: string, code = 'invalid') =>
  new AppError(400, code, `${field}: ${message}`, { [field]: [message] });

export const notAuthenticated = (detail = 'Authentication credentials were not provided.') =>
  new AppError(401, 'not_authenticated', detail);

export const authenticationFailed = (detail: string) => new AppError(401, 'authentication_failed', detail);

export const permissionDenied = (detail = 'You do not have permission to perform this action.', code = 'permission_denied') =>
  new AppError(403, code, detail);

export const notFound = (detail = 'Not found.') => new AppError(404, 'not_found', detail);

export const conflict = (code: string, detail: string, errors?: FieldErrors) => new AppError(409, code, detail, errors);

export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', detail, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The JSON schema of every error body, shared by the OpenAPI document. */
export const errorBodySchema = {
  $id: 'Error',
  type: 'object',
  required: ['detail', 'code'],
  properties: {
    detail: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;
