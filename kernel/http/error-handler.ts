import type { KernelHooks } from '../hooks.ts';
import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type FieldErrors } from './errors.ts';
import { isDatabaseUnavailable, type DatabaseOutageLog } from '../db/unavailable.ts';
import { isDuplicateKey } from '../db/dialect.ts';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, any>;
  parentSchema?: Record<string, any>;
}

// `/items/0/quantity` → `items.0.quantity`; a missing or unknown property is named by itself.
function fieldOf(issue: AjvIssue, context?: string): string {
  let path = issue.instancePath.replace(/^\//, '').split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.');
  if (issue.keyword === 'required') path = path ? `${path}.${issue.params.missingProperty}` : issue.params.missingProperty;
  if (issue.keyword === 'additionalProperties') path = path ? `${path}.${issue.params.additionalProperty}` : issue.params.additionalProperty;
  if (!path) return context === 'body' || !context ? 'non_field_errors' : context;
  return path;
}

// What a pattern, a long enum or a format means, in words, when the schema says it (`x-invalid`).
const EXPLAINED = new Set(['pattern', 'enum', 'format']);

function messageOf(issue: AjvIssue): string {
  const explained = issue.parentSchema?.['x-invalid'];
  if (typeof explained === 'string' && EXPLAINED.has(issue.keyword)) return explained;
  switch (issue.keyword) {
    case 'required':
      return 'This field is required.';
    case 'additionalProperties':
      return 'Unknown field.';
    case 'enum':
      return `Must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`;
    default:
      return issue.message ? issue.message.charAt(0).toUpperCase() + issue.message.slice(1) + '.' : 'Invalid value.';
  }
}

/** Turns ajv's error list into `{field: [messages]}`, naming every bad field at once. */
export function fieldErrorsFromAjv(issues: AjvIssue[], context?: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // anyOf/oneOf repeat their branches' complaints; the branch messages are the useful ones.
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf' || issue.keyword === 'if') continue;
    const field = fieldOf(issue, context);
    const msg = messageOf(issue);
    (errors[field] ??= []).includes(msg) || errors[field].push(msg);
  }
  return errors;
}

const FASTIFY_CODES: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', 'Request body is too large.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'Unsupported media type; send application/json.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid', 'Content-Length does not match the body.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformed_json', 'Request body is empty but declared as JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformed_json', 'Request body is not valid JSON.'],
  // Router errors: Fastify's own messages quote the path, which this API never echoes back.
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'The request path is too long.'],
  FST_ERR_BAD_URL: [400, 'invalid_url', 'The request path is not a valid URL.'],
  FST_ERR_INVALID_URL: [400, 'invalid_url', 'The request path is not a valid URL.'],
  FST_ERR_ROUTE_MISSING_CONTENT_TYPE: [415, 'unsupported_media_type', 'Unsupported media type; send application/json.'],
  FST_ERR_ROUTE_MISSING_CONTENT: [400, 'invalid', 'A request body is required.'],
  FST_ERR_ASYNC_CONSTRAINT: [500, 'server_error', 'Internal server error.'],
};

// The fallback for a 4xx no table names: the status's own words, never the error's message, which
// may quote what the client sent (a header, the path, a body fragment).
function genericClientError(status: number, code: unknown): AppError {
  const named = typeof code === 'string' && /^[A-Z0-9_]+$/i.test(code) ? code.toLowerCase().replace(/^fst_err_/, '') : undefined;
  const words = http.STATUS_CODES[status] ?? 'Bad Request';
  return new AppError(status, named ?? words.toLowerCase().replace(/[^a-z]+/g, '_'), `${words}.`);
}

// Constraint violations that slipped past a service's own checks are the client's conflict, not a crash.
function databaseError(err: any): AppError | undefined {
  const code = String(err?.code ?? '');
  // The database cannot be reached: the client may retry later; the driver's message (it names the
  // database's address) stays in the log.
  if (isDatabaseUnavailable(err)) {
    return new AppError(503, 'database_unavailable', 'The store cannot reach its database right now. Retry the request later.', undefined, { 'retry-after': '5' });
  }
  if (isDuplicateKey(err)) {
    return new AppError(409, 'conflict', 'A record with these values already exists.');
  }
  if (code.startsWith('ER_NO_REFERENCED_ROW') || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code.startsWith('ER_ROW_IS_REFERENCED')) {
    return new AppError(409, 'conflict', 'The record is referenced by, or references, another record.');
  }
  // A deadlock or lock wait rolled the whole transaction back: nothing was written, and the same
  // request will very likely succeed a moment later.
  if (code === 'ER_LOCK_DEADLOCK' || code === 'ER_LOCK_WAIT_TIMEOUT' || code === 'SQLITE_BUSY') {
    return new AppError(503, 'busy', 'The store was busy with a conflicting change; nothing was saved. Retry the request.', undefined, { 'retry-after': '1' });
  }
  if (code === 'ER_DATA_TOO_LONG' || code === 'ER_WARN_DATA_OUT_OF_RANGE' || code === 'ER_TRUNCATED_WRONG_VALUE') {
    return new AppError(400, 'invalid', 'A value is too long or out of range.');
  }
  return undefined;
}

/** Maps anything thrown during a request to the single error body `{detail, code, errors?}`. */
export function toAppError(err: any): AppError {
  if (err instanceof AppError) return err;
  if (isAppError(err)) return new AppError(err.status, err.code, err.message, err.errors, err.headers);
  if (Array.isArray(err?.validation)) {
    const errors = fieldErrorsFromAjv(err.validation, err.validationContext);
    const fields = Object.keys(errors);
    return new AppError(400, 'invalid', `Invalid input: ${fields.join(', ')}.`, errors);
  }
  const known = FASTIFY_CODES[err?.code];
  if (known) return new AppError(known[0], known[1], known[2]);
  if (err instanceof SyntaxError && err.message.includes('JSON')) return new AppError(400, 'malformed_json', 'Request body is not valid JSON.');
  const db = databaseError(err);
  if (db) return db;
  const status = Number(err?.statusCode ?? err?.status);
  if (status === 429) return new AppError(429, 'rate_limited', String(err.message || 'Too many requests.'));
  if (status >= 400 && status < 500) return genericClientError(status, err?.code);
  return new AppError(500, 'server_error', 'Internal server error.');
}

function bodyOf(appError: AppError): Record<string, unknown> {
  const body: Record<string, unknown> = { detail: appError.detail, code: appError.code };
  if (appError.errors) body.errors = appError.errors;
  return body;
}

/**
 * Fastify's `frameworkErrors`: router failures (a path parameter over the length limit, a path that
 * does not decode) answered in the API's shape instead of Fastify's, which echoes the path.
 */
export function answerFrameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(err);
  // These requests never reach the hooks, where every other answer gets its X-Request-Id.
  reply.header('x-request-id', request.id);
  reply.code(appError.status).type('application/json; charset=utf-8').send(bodyOf(appError));
}

// What Node's HTTP parser reports before Fastify sees a request, answered on the raw socket.
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'The request was not received in time.'],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'The request headers are too large.'],
  HPE_URI_TOO_LONG: [414, 'uri_too_long', 'The request path is too long.'],
  HPE_INVALID_METHOD: [501, 'not_implemented', 'The request method is not implemented.'],
};

/**
 * The server's `clientError`: a malformed request, one whose headers or body did not arrive within
 * REQUEST_TIMEOUT_MS, or headers over the size limit get a JSON answer in the API's shape (never the
 * input back) and the connection is closed. Nothing is written when a response is already under way.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'bad_request', 'The request is not valid HTTP.'];
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ detail, code });
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${crypto.randomUUID()}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  // end() lets the answer reach the client (destroy() may drop it on TLS); the timer frees the socket
  // of a client that never closes its side.
  socket.end();
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The error handler itself. Installed on the app and again on the scope holding the routes: an error
 * raised while its answer is being sent (an onSend hook that touches an unreachable database) goes to
 * the next handler up, which must be this one again and never Fastify's default body.
 */
export function errorHandler(outage?: DatabaseOutageLog) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.code === 'database_unavailable' && outage) {
      outage.unavailable(err);
    } else if (appError.status >= 500) {
      // Who failed where: the tapping plugin if a hook tap threw, else the route's plugin; the path
      // without its query string, which may carry secrets (the request id is on request.log already).
      const plugin = (err as any).plugin ?? (request.routeOptions?.config as { plugin?: string } | undefined)?.plugin;
      request.log.error({ err, hook: (err as any).hook, plugin, method: request.method, url: request.url.split('?')[0] }, 'request failed');
    } else if ((err as any).hook) {
      request.log.info({ code: appError.code, hook: (err as any).hook, plugin: (err as any).plugin }, appError.message);
    }
    if (appError.headers) reply.headers(appError.headers);
    return reply.code(appError.status).type('application/json; charset=utf-8').send(bodyOf(appError));
  };
}

/** Installs the error and not-found handlers on the scope that holds the routes (kernel/http/app.ts). */
export function installErrorHandling(app: FastifyInstance, outage?: DatabaseOutageLog, notFound?: KernelHooks['notFound']): void {
  app.setErrorHandler(errorHandler(outage));
  // An unknown path is a 404 before its body is read: not a 415 or 400 about a body nothing would use.
  // A GET may be answered by a plugin's page instead (the storefront's 404 for browsers).
  if (notFound) {
    app.addHook('onRequest', async (request, reply) => {
      if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD') || !notFound.isUsed()) return;
      if (await notFound.promise(request, reply)) return reply;
    });
  }
  app.addHook('preParsing', async (request) => {
    if (request.is404) throw new AppError(404, 'not_found', 'Not found.');
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
  });
}
