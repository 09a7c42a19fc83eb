import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError, type FieldErrors } from './errors.ts';

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
};

// Constraint violations that slipped past a service's own checks are the client's conflict, not a crash.
function databaseError(err: any): AppError | undefined {
  const code = String(err?.code ?? '');
  if (code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
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
  if (status >= 400 && status < 500) {
    return new AppError(status, String(err.code ?? 'invalid').toLowerCase().replace(/^fst_err_/, ''), String(err.message || 'Bad request.'));
  }
  return new AppError(500, 'server_error', 'Internal server error.');
}

/** Installs the error, not-found handlers and the method-not-allowed answer on the app. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(err);
    if (appError.status >= 500) {
      request.log.error({ err, hook: (err as any).hook, plugin: (err as any).plugin }, 'request failed');
    } else if ((err as any).hook) {
      request.log.info({ code: appError.code, hook: (err as any).hook, plugin: (err as any).plugin }, appError.message);
    }
    if (appError.headers) reply.headers(appError.headers);
    const body: Record<string, unknown> = { detail: appError.detail, code: appError.code };
    if (appError.errors) body.errors = appError.errors;
    return reply.code(appError.status).type('application/json; charset=utf-8').send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.code(404).send({ detail: 'Not found.', code: 'not_found' });
  });
}
