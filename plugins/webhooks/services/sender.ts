import crypto from 'node:crypto';
import type { Agent } from 'undici';
import { undici, type OutboundGuard, type Reach } from '../../../kernel/net/outbound.ts';

export const DEFAULT_TIMEOUT_MS = 10_000;
const RESPONSE_KEPT = 1024;

/** What one attempt came to: success is any 2xx within the timeout. */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  latencyMs: number;
  /** The first 1 KB of a failed answer from a public address; null otherwise. */
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

/**
 * Sends deliveries with undici through the kernel's outbound guard. Two connection pools: one that
 * connects only to public addresses, and one that may also reach loopback and private networks when the
 * operator allows them (OUTBOUND_ALLOW_PRIVATE); neither connects to link-local, metadata or any other
 * refused address, checked on every address DNS answers as the connection is made. Which pool an
 * attempt uses is decided by resolving the host first (only when private targets are allowed), and
 * the public pool's own check at connection time holds if DNS answers differently in between.
 */
export class DeliverySender {
  // Made with the first delivery: a store without webhook endpoints never opens them.
  private pools?: Record<Reach, Agent>;

  /** How long an attempt may take in all; 10 s by contract (docs/api.md), shorter only in tests. */
  timeoutMs = DEFAULT_TIMEOUT_MS;

  constructor(private readonly guard: OutboundGuard) {}

  private pool(reach: Reach): Agent {
    if (!this.pools) {
      const limit = DEFAULT_TIMEOUT_MS;
      const common = { headersTimeout: limit, bodyTimeout: limit, connectTimeout: limit, keepAliveTimeout: 4_000, connections: 20 };
      this.pools = { public: this.guard.agent(common, 'public'), private: this.guard.agent(common, 'private') };
    }
    return this.pools[reach];
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
    // Checked again at every attempt: the setting may have changed since the URL was saved, and an
    // address written in the URL is never looked up.
    const refused = this.guard.urlProblem(url);
    if (refused) return done({ error: `Refused address: ${refused}.` });
    const signal = AbortSignal.timeout(this.timeoutMs);
    let reach: Reach | undefined;
    try {
      reach = this.guard.allowPrivate ? await this.guard.reachOf(url.hostname) : 'public';
      const res = await undici().request(url, {
        method: 'POST',
        dispatcher: this.pool(reach),
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
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      // Only what a receiver's developer needs: why a public endpoint refused. Never an answer from a
      // private target (that would read internal services back), nor a 2xx body (it means nothing).
      const keep = reach === 'public' && !ok;
      const responseBody = keep ? await readStart(res.body, RESPONSE_KEPT) : await discard(res.body);
      return done({ ok, statusCode: res.statusCode, responseBody, error: ok ? null : `The endpoint answered ${res.statusCode}.` });
    } catch (err) {
      return done({ error: describe(err, this.timeoutMs, reach === 'private') });
    }
  }

  async close(): Promise<void> {
    if (this.pools) await Promise.all([this.pools.public.close(), this.pools.private.close()]);
  }
}

// Frees the connection without reading a long answer.
async function discard(body: { dump(opts?: { limit: number }): Promise<void> }): Promise<null> {
  await body.dump({ limit: RESPONSE_KEPT }).catch(() => undefined);
  return null;
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

// A private target's failure is named by its code only: the message would tell internal addresses.
function describe(err: unknown, timeoutMs: number, privateTarget: boolean): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.code ?? e.cause?.code;
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === 'UND_ERR_CONNECT_TIMEOUT') {
    return `No answer within ${timeoutMs / 1000} seconds.`;
  }
  if (code === 'ERR_OUTBOUND_REFUSED') return `Refused address: ${e.message ?? e.cause?.message}.`;
  if (privateTarget) return `Connection failed: ${code ?? 'error'}.`;
  return `Connection failed: ${code ? `${code} ` : ''}${e.message ?? e.cause?.message ?? String(err)}`.slice(0, 500);
}
