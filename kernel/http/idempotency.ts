import crypto from 'node:crypto';
import { promisify } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { AppError, badRequest } from './errors.ts';
import { principalKey } from './principal.ts';
import type { Logger } from '../logger.ts';
import { IdempotencyClaims } from './idempotency-claims.ts';

const TTL_MS = 24 * 3600 * 1000;
const REPLAYED_HEADERS = ['content-type', 'location', 'content-language'];
/** On a replay: the response fields that carried a secret, answered as null because secrets are never kept. */
export const SECRETS_OMITTED_HEADER = 'idempotent-secrets-omitted';

declare module 'fastify' {
  interface FastifyRequest {
    /** The claim token this request holds on its Idempotency-Key, until its answer settles it. */
    idempotencyClaim?: string;
  }
  interface FastifyContextConfig {
    /** Top-level response fields that carry a secret shown once (RouteDefinition.secrets). */
    secrets?: readonly string[];
  }
}

// The answer as it may be kept: every secret field set to null. An answer that cannot be read as a JSON
// object keeps no body at all rather than risk keeping a secret.
function withoutSecrets(payload: string, secrets: readonly string[]): { body: string | null; omitted: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return { body: null, omitted: [...secrets] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return { body: null, omitted: [...secrets] };
  const fields = parsed as Record<string, unknown>;
  const omitted = secrets.filter((name) => fields[name] !== undefined && fields[name] !== null);
  for (const name of omitted) fields[name] = null;
  return { body: omitted.length ? JSON.stringify(fields) : payload, omitted };
}

// A field whose name says it holds a password (`password`, `new_password`, `current_password`).
const PASSWORD_FIELD = /password/i;
const scrypt = promisify(crypto.scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;

// The body with every password replaced by its scrypt hash, salted by the caller's key: a plain SHA-256
// of a body with a password in it would let a weak password be guessed from a copy of the database,
// whereas scrypt makes each guess cost what guessing the users' own password hashes costs. Only bodies
// that carry a password pay for it.
async function withHashedPasswords(value: unknown, salt: string): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((v) => withHashedPasswords(v, salt)));
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(value)) {
    out[name] = PASSWORD_FIELD.test(name) && typeof field === 'string' ? (await scrypt(field, salt, 32)).toString('base64') : await withHashedPasswords(field, salt);
  }
  return out;
}

async function requestHash(request: FastifyRequest, scope: string, key: string): Promise<string> {
  const body = await withHashedPasswords(request.body ?? null, `${scope}\n${key}`);
  return crypto.createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(body)}`).digest('hex');
}

/**
 * `Idempotency-Key` on POST: the first response is kept for 24 hours and replayed for a repeat with the
 * same key and body; the same key with another body is a 409, and so is a repeat while the first is
 * still running. Keys are scoped by caller, so two clients cannot collide. A request that commits
 * nothing (a server error, a thrown error, a crash) frees its key, so a retry runs again at once (see
 * IdempotencyClaims). Fields a route declares as `secrets` are never kept: a replay answers them as
 * null and names them in Idempotent-Secrets-Omitted.
 */
export function installIdempotency(app: FastifyInstance, knex: Knex, clock: Clock): void {
  const claims = new IdempotencyClaims(knex, clock, app.log as Logger);
  app.addHook('onReady', async () => {
    await claims.releaseDeadOwners().catch((err) => app.log.warn({ err }, 'could not release Idempotency-Keys of dead processes'));
    claims.start();
  });
  app.addHook('onClose', async () => claims.stop());
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw badRequest('Idempotency-Key must be 1 to 255 characters.', { 'Idempotency-Key': ['Must be 1 to 255 characters.'] });
    }
    // Anonymous callers are told apart by address, so two guests reusing a naive key never see each other's responses.
    const scope = principalKey(request.principal, request.ip);
    const hash = await requestHash(request, scope, key);
    const now = clock.now();
    await knex('idempotency_keys').where({ scope, idempotency_key: key }).andWhere('expires_at', '<', now).delete();
    const claim = claims.newClaim();
    let existing;
    try {
      await knex('idempotency_keys')
        .insert({ scope, idempotency_key: key, method: request.method, path: request.url.slice(0, 1000), request_hash: hash, claim_token: claim, ...claims.columns(now), created_at: now, expires_at: new Date(now.getTime() + TTL_MS) })
        .onConflict(['scope', 'idempotency_key'])
        .ignore();
      existing = await knex('idempotency_keys').where({ scope, idempotency_key: key }).first();
      if (existing && existing.claim_token !== claim && existing.request_hash === hash && claims.abandoned(existing, now)) {
        // The first request can no longer finish (see IdempotencyClaims): this repeat takes the key over and runs again.
        const taken = await knex('idempotency_keys')
          .where({ id: existing.id, claim_token: existing.claim_token })
          .whereNull('status_code')
          .update({ claim_token: claim, request_hash: hash, ...claims.columns(now), created_at: now });
        if (taken === 1) existing = { ...existing, claim_token: claim };
      }
    } catch (err) {
      // Whatever of the claim was written is freed again: nothing ran. Not awaited: when the database
      // is what failed, the release is retried in the background rather than delaying the answer.
      void claims.release(claim);
      throw err;
    }
    if (!existing) {
      claims.drop(claim);
      return;
    }
    if (existing.claim_token === claim) {
      claims.bind(claim, Number(existing.id));
      request.idempotencyClaim = claim;
      return;
    }
    claims.drop(claim);
    if (existing.request_hash !== hash) {
      throw new AppError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (existing.status_code === null) {
      throw new AppError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed.');
    }
    const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
    reply.headers(headers).header('idempotent-replayed', 'true').code(existing.status_code);
    return reply.send(existing.response_body ?? '');
  });

  // The answer decides what becomes of the claim: an error status (nothing committed) or a body that
  // cannot be kept frees the key; anything else is kept, without its secrets, for replays.
  async function settle(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> {
    const claim = request.idempotencyClaim;
    if (claim === undefined) return;
    request.idempotencyClaim = undefined;
    const body = payload === undefined || payload === null ? '' : payload;
    if (reply.statusCode >= 500 || typeof body !== 'string') return claims.release(claim);
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    const secrets = request.routeOptions.config?.secrets;
    const kept = secrets?.length && body !== '' ? withoutSecrets(body, secrets) : { body, omitted: [] };
    if (kept.omitted.length) headers[SECRETS_OMITTED_HEADER] = kept.omitted.join(', ');
    await claims.store(claim, { status_code: reply.statusCode, response_headers: JSON.stringify(headers), response_body: kept.body });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    await settle(request, reply, payload);
    return payload;
  });

  // Fastify sends nothing for a handler that resolved without a body after its client hung up, so no
  // onSend runs: the request did finish (and committed), so its answer is kept here instead.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const result = await handler.call(this, request, reply);
      const gone = request.raw.aborted || !request.socket || request.socket.destroyed;
      if (result === undefined && gone && !reply.sent && !reply.raw.headersSent) await settle(request, reply, undefined);
      return result;
    };
  });

  // A safety net: an answer that went out without a settled claim (onSend always settles it today)
  // must not leave its key claimed, and renewed, for as long as this process runs.
  app.addHook('onResponse', async (request) => {
    const claim = request.idempotencyClaim;
    if (claim === undefined) return;
    request.idempotencyClaim = undefined;
    await claims.release(claim);
  });
}
