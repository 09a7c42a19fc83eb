import crypto from 'node:crypto';
import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { isLoopbackHost, refusedAddress, refusedHost } from './address-policy.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
const RESPONSE_KEPT = 1024;

/** What one attempt came to: success is any 2xx within the timeout. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first 1 KB of the response body. */
  responseBody: string | null;
}

export interface SignedRequest {
  url: string;
  body: string;
  secret: string;
  eventId: number;
  eventType: string;
  timestamp: Date;
}

/** Lowercase hex HMAC-SHA256 of the exact raw body, keyed with the endpoint's secret (docs/api.md, webhook deliveries). */
export function sign(body: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

class RefusedAddressError extends Error {
  readonly code = 'ERR_WEBHOOK_REFUSED_ADDRESS';
}

// Every address a host name resolves to is checked as the connection is made, so a DNS answer that
// changed since the URL was saved (rebinding) cannot reach a refused address.
function guardedLookup(allowLoopback: boolean): LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: any[]) => void) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err);
      const list = addresses as dns.LookupAddress[];
      for (const a of list) {
        const why = refusedAddress(a.address, allowLoopback);
        if (why) return callback(new RefusedAddressError(`${hostname} resolves to a refused address: ${why}`));
      }
      if (list.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  }) as LookupFunction;
}

/**
 * Sends deliveries with undici. Two connection pools: one for URLs naming a loopback host (local
 * development), which may connect to loopback addresses, and one for every other URL, which may not;
 * neither may connect to link-local, metadata, unspecified, multicast or reserved addresses.
 */
export class DeliverySender {
  private readonly strict: Agent;
  private readonly local: Agent;

  /** How long an attempt may take in all; 10 s by contract (docs/api.md), shorter only in tests. */
  timeoutMs = DEFAULT_TIMEOUT_MS;

  constructor() {
    const limit = DEFAULT_TIMEOUT_MS;
    const common = { headersTimeout: limit, bodyTimeout: limit, connectTimeout: limit, keepAliveTimeout: 4_000, connections: 20 };
    this.strict = new Agent({ ...common, connect: { lookup: guardedLookup(false) } });
    this.local = new Agent({ ...common, connect: { lookup: guardedLookup(true) } });
  }

  /** One attempt: POSTs the signed body and reports what came back; never throws. */
  async send(req: SignedRequest): Promise<AttemptOutcome> {
    const started = performance.now();
    const done = (fields: Partial<AttemptOutcome>): AttemptOutcome => ({
      ok: false,
      statusCode: null,
      error: null,
      responseBody: null,
      latencyMs: Math.round(performance.now() - started),
      ...fields,
    });
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return done({ error: 'The endpoint URL is not a valid URL.' });
    }
    // An address written in the URL is never looked up, so it is checked here.
    const refused = refusedHost(url.hostname);
    if (refused) return done({ error: `Refused address: ${refused}.` });
    const signal = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        dispatcher: isLoopbackHost(url.hostname) ? this.local : this.strict,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Storekeep-Webhooks/1.0',
          'x-service-signature': sign(req.body, req.secret),
          'x-service-event-id': String(req.eventId),
          'x-service-event-type': req.eventType,
          'x-service-timestamp': String(Math.floor(req.timestamp.getTime() / 1000)),
        },
        body: req.body,
        signal,
      });
      const responseBody = await readStart(res.body, RESPONSE_KEPT);
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      return done({ ok, statusCode: res.statusCode, responseBody, error: ok ? null : `The endpoint answered ${res.statusCode}.` });
    } catch (err) {
      return done({ error: describe(err, this.timeoutMs) });
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.strict.close(), this.local.close()]);
  }
}

// Keeps the first `limit` bytes of a response and drops the rest without buffering it.
async function readStart(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < limit) {
      chunks.push(chunk);
      size += chunk.length;
    }
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `No answer within ${timeoutMs / 1000} seconds.`;
  }
  if (code === 'ERR_WEBHOOK_REFUSED_ADDRESS') return `Refused address: ${e.message ?? e.cause?.message}.`;
  return `Connection failed: ${code ? `${code} ` : ''}${e.message ?? e.cause?.message ?? String(err)}`.slice(0, 500);
}
