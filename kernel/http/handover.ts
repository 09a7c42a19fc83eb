import type { IncomingMessage } from 'node:http';
import type { Principal } from './principal.ts';
import type { LimitVerdict } from './direct-hits.ts';

/**
 * What the direct transport (direct-reads.ts) learned of a request before it left the request to
 * Fastify after all (a memo to build, a 404, a refusal): Fastify's hooks take it from here instead of
 * doing it again, so that a request is authenticated once (a bad key counts once against its address)
 * and counted once by the rate limit, whichever way it is answered.
 */
export interface Handover {
  /** The request id the direct transport gave it (its log lines carry it). */
  id?: string;
  /** The caller, as `kernel.authenticate` answered. */
  principal?: Principal;
  /** What `kernel.authenticate` threw instead (a bad key, a throttled address): Fastify answers it. */
  refused?: unknown;
  /** The rate limit's count of this request, when it was counted and not over the limit. */
  counted?: LimitVerdict;
}

// On the request itself: it lives as long as the request, and a property costs less than a WeakMap entry.
const HANDOVER = Symbol('directHandover');
type Carrier = IncomingMessage & { [HANDOVER]?: Handover };

/** Leaves `raw` to Fastify with what is known of it. */
export function handOver(raw: IncomingMessage, known: Handover): void {
  (raw as Carrier)[HANDOVER] = known;
}

/** What the direct transport handed over with `raw`, if it looked at it first (nothing for a request-like without one). */
export function handedOver(raw: IncomingMessage | undefined): Handover | undefined {
  return (raw as Carrier | undefined)?.[HANDOVER];
}
