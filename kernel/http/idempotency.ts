import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { AppError, badRequest } from './errors.ts';
import { principalKey } from './principal.ts';
import { toDate } from '../db/dialect.ts';

const TTL_MS = 24 * 3600 * 1000;
// A first request still "in progress" after this long has died with its process.
const ABANDONED_MS = 5 * 60 * 1000;
const REPLAYED_HEADERS = ['content-type', 'location', 'content-language'];

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyRow?: number;
  }
}

function requestHash(request: FastifyRequest): string {
  return crypto.createHash('sha256').update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`).digest('hex');
}

/**
 * `Idempotency-Key` on POST: the first response is kept for 24 hours and replayed for a repeat with the
 * same key and body; the same key with another body is a 409, and so is a repeat while the first is
 * still running. Keys are scoped by caller, so two clients cannot collide. Server errors are not kept,
 * so a retry after one runs again.
 */
export function installIdempotency(app: FastifyInstance, knex: Knex, clock: Clock): void {
  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'POST') return;
    const key = request.headers['idempotency-key'];
    if (key === undefined) return;
    if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
      throw badRequest('Idempotency-Key must be 1 to 255 characters.', { 'Idempotency-Key': ['Must be 1 to 255 characters.'] });
    }
    // Anonymous callers are told apart by address, so two guests reusing a naive key never see each other's responses.
    const scope = principalKey(request.principal, request.ip);
    const hash = requestHash(request);
    const now = clock.now();
    await knex('idempotency_keys').where({ scope, idempotency_key: key }).andWhere('expires_at', '<', now).delete();
    const claim = crypto.randomBytes(16).toString('hex');
    await knex('idempotency_keys')
      .insert({ scope, idempotency_key: key, method: request.method, path: request.url.slice(0, 1000), request_hash: hash, claim_token: claim, created_at: now, expires_at: new Date(now.getTime() + TTL_MS) })
      .onConflict(['scope', 'idempotency_key'])
      .ignore();
    const existing = await knex('idempotency_keys').where({ scope, idempotency_key: key }).first();
    if (!existing) return;
    if (existing.claim_token === claim) {
      request.idempotencyRow = Number(existing.id);
      return;
    }
    if (existing.request_hash !== hash) {
      throw new AppError(409, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request.');
    }
    if (existing.status_code === null && now.getTime() - toDate(existing.created_at)!.getTime() > ABANDONED_MS) {
      // The first request died with its process: this repeat takes the key over and runs again.
      const taken = await knex('idempotency_keys').where({ id: existing.id, claim_token: existing.claim_token }).whereNull('status_code').update({ claim_token: claim, request_hash: hash, created_at: now });
      if (taken === 1) {
        request.idempotencyRow = Number(existing.id);
        return;
      }
    }
    if (existing.status_code === null) {
      throw new AppError(409, 'idempotency_key_in_progress', 'A request with this Idempotency-Key is still being processed.');
    }
    const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
    reply.headers(headers).header('idempotent-replayed', 'true').code(existing.status_code);
    return reply.send(existing.response_body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyRow;
    if (id === undefined) return payload;
    request.idempotencyRow = undefined;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await knex('idempotency_keys').where({ id }).delete();
      return payload;
    }
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    await knex('idempotency_keys').where({ id }).update({ status_code: reply.statusCode, response_headers: JSON.stringify(headers), response_body: payload });
    return payload;
  });
}
