import type { FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import type { Principal } from '../../../kernel/http/principal.ts';
import { AuthErrors } from '../errors.ts';
import type { AddressThrottle } from './address-throttle.ts';
import type { ApiKeyService } from './api-keys.ts';
import type { SessionService } from './sessions.ts';

export const SESSION_COOKIE = 'sessionid';

interface Parts {
  knex: Knex;
  apiKeys: ApiKeyService;
  sessions: SessionService;
  /** Failed credentials per client address: a blocked address is refused before any lookup. */
  addresses: AddressThrottle;
  /** Whether the store is in test mode now (core-store's settings, read on every test-key request). */
  testMode: () => boolean;
}

/**
 * The `kernel.authenticate` tap: `Authorization: Token <key>` or the `sessionid` cookie. A bad key is
 * refused even on public routes, so integrators learn at once that their key is wrong; a bad or expired
 * session cookie just means anonymous. Every request reads the tables: revocation is immediate.
 * It runs before any request transaction exists, so it uses the knex.
 *
 * A request carrying credentials from an address that presented too many bad ones (AddressThrottle)
 * is answered 429 before anything is looked up. A bad key counts as a failure of its address; a bad
 * session cookie does not: browsers keep sending an expired cookie, and such requests are anonymous,
 * counted by the kernel's anonymous rate limit.
 */
export function createAuthenticator(parts: Parts): (request: FastifyRequest) => Promise<Principal | undefined> {
  return async (request) => {
    const header = request.headers.authorization;
    const token = request.cookies?.[SESSION_COOKIE];
    if (header === undefined && !token) return undefined;
    parts.addresses.guard(request.ip);
    if (header !== undefined) return fromAuthorization(parts, header, request.ip);
    const session = await parts.sessions.resolve(parts.knex, token!);
    if (!session) return undefined;
    if (session.kind === 'staff') {
      return { kind: 'staff', id: session.user_id, email: session.email, role: session.role ?? 'staff', via: 'session', sessionId: session.id };
    }
    return { kind: 'customer', id: session.user_id, email: session.email, via: 'session', sessionId: session.id };
  };
}

async function fromAuthorization(parts: Parts, header: string, ip: string): Promise<Principal> {
  const match = /^\s*(\S+)(?:\s+(\S+))?\s*$/.exec(header);
  if (!match || match[1].toLowerCase() !== 'token') throw AuthErrors.wrongScheme();
  const apiKey = match[2] ? await parts.apiKeys.findActive(parts.knex, match[2]) : undefined;
  if (!apiKey) {
    await parts.addresses.failed(ip);
    throw AuthErrors.invalidToken();
  }
  if (apiKey.mode === 'test' && !parts.testMode()) throw AuthErrors.testKeyOutsideTestMode();
  await parts.apiKeys.touch(parts.knex, apiKey);
  return { kind: 'api_key', id: apiKey.id, name: apiKey.name, mode: apiKey.mode, scopes: apiKey.scopes, via: 'token' };
}
