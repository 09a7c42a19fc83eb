import { normalizeIP } from '@fastify/rate-limit';
import type { Clock } from '../../../kernel/clock.ts';
import { tooManyRequests } from '../../../kernel/http/errors.ts';
import type { FailureLog } from './failure-log.ts';

/** Failed credentials one client address may present within the window before it is blocked. */
export const FAILURES_PER_ADDRESS = 20;

// Blocked addresses this instance remembers; beyond this, the oldest entries are dropped (they are
// found again at their next failure), so a flood from many addresses cannot grow memory without bound.
const MAX_REMEMBERED = 10_000;

/** The counting key of a client address: an IPv6 client usually holds a whole /64, counted as one. */
export function addressKey(ip: string): string {
  return `ip:${normalizeIP(ip, 64)}`.slice(0, 300);
}

/** A failure counted before the credential was checked, withdrawn if it turns out right. */
export interface AddressReservation {
  scope: string;
  id: string;
}

export const credentialsThrottled = (seconds: number) =>
  tooManyRequests(`Too many failed credentials from this address. Try again in ${Math.max(1, Math.ceil(seconds))} seconds.`, seconds);

/**
 * Failed credentials per client address: unknown, revoked or malformed API keys and failed logins.
 * After `limit` failures within the window, every further credentialed request from the address is
 * answered 429 before any key, session or password is looked at. The count is shared (the database,
 * or Redis); the block itself is also remembered in this instance's memory, so a blocked address
 * costs no lookup at all: another instance learns of the block at the address's next failure there.
 */
export class AddressThrottle {
  private readonly blocked = new Map<string, number>();

  constructor(
    private readonly log: FailureLog,
    private readonly clock: Clock,
    readonly limit: number = FAILURES_PER_ADDRESS,
  ) {}

  /** Throws 429 with Retry-After when the address is blocked (memory only: no I/O). */
  guard(ip: string): void {
    const scope = addressKey(ip);
    const until = this.blocked.get(scope);
    if (until === undefined) return;
    const wait = until - this.clock.now().getTime();
    if (wait > 0) throw credentialsThrottled(wait / 1000);
    this.blocked.delete(scope);
  }

  /** A credential turned out wrong: counted, and the address blocked once it reaches the limit. */
  async failed(ip: string): Promise<void> {
    const scope = addressKey(ip);
    const { count } = await this.log.add(scope);
    if (count >= this.limit) await this.block(scope);
  }

  /**
   * Counts an attempt before its credential is checked (a login), so that parallel attempts cannot all
   * slip past the limit: an attempt beyond it is withdrawn and refused with 429.
   */
  async reserve(ip: string): Promise<AddressReservation> {
    this.guard(ip);
    const scope = addressKey(ip);
    const { id, count } = await this.log.add(scope);
    if (count > this.limit) {
      await this.log.remove(scope, id);
      const wait = await this.block(scope);
      throw credentialsThrottled(wait / 1000);
    }
    return { scope, id };
  }

  /** The reserved attempt succeeded: it is not a failure. */
  async release(reservation: AddressReservation): Promise<void> {
    await this.log.remove(reservation.scope, reservation.id);
  }

  /** Blocks the address until the window moves on; answers the wait in ms (at least one second). */
  private async block(scope: string): Promise<number> {
    const wait = Math.max(1000, await this.log.waitFor(scope, this.limit));
    if (this.blocked.size >= MAX_REMEMBERED) this.forgetSome();
    this.blocked.delete(scope);
    this.blocked.set(scope, this.clock.now().getTime() + wait);
    return wait;
  }

  private forgetSome(): void {
    const now = this.clock.now().getTime();
    for (const [scope, until] of this.blocked) if (until <= now) this.blocked.delete(scope);
    for (const scope of this.blocked.keys()) {
      if (this.blocked.size < MAX_REMEMBERED) break;
      this.blocked.delete(scope);
    }
  }
}
