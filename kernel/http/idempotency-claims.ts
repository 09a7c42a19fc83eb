import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { Logger } from '../logger.ts';
import { toDate } from '../db/dialect.ts';

/** How long a claim holds without its owner renewing it: the longest a dead owner on another host blocks a key. */
export const LEASE_MS = 30_000;
const RENEW_MS = LEASE_MS / 3;
// Bounded so an owner fits its column (120 characters).
const HOST = os.hostname().slice(0, 80);
// When this process started (ms since the epoch): tells this process from an earlier one with the same pid.
const PROCESS_STARTED = Math.round(performance.timeOrigin);

export interface ClaimRow {
  id: number | string;
  claim_token: string;
  claimed_by: string | null;
  locked_until: unknown;
  created_at: unknown;
  status_code: number | null;
}

/**
 * Who is running the first request of an Idempotency-Key, and whether it still is.
 *
 * A claim is a committed row (so a concurrent repeat sees it at once and gets a 409) that names its
 * owner, `host:pid:process start:random`, and holds a lease its owner renews while the request runs.
 * A claim is free again when:
 * - its request committed nothing (an error status, a thrown error): the owner deletes it at once, and
 *   if the database refuses that delete, retries it every few seconds until it succeeds;
 * - its owner is this very process but no request here holds it (a release still owed);
 * - its owner ran on this host and that process is gone: a restart releases them at boot, and a repeat
 *   that meets one takes it over (a pid that no longer runs, or our own pid with another start time,
 *   as after a container restart). Instances sharing a database must have distinct host names (each
 *   container has its own);
 * - its lease ran out: the owner, on another host, stopped renewing it, so it died or lost the
 *   database. A live owner renews every LEASE_MS / 3, so a key another live instance is processing is
 *   never released under it.
 * Binding the claim to the request's own transaction instead would make a repeat wait on row locks
 * (and would not cover routes without a transaction), so the lease is the design.
 */
export class IdempotencyClaims {
  readonly owner = `${HOST}:${process.pid}:${PROCESS_STARTED}:${crypto.randomBytes(4).toString('hex')}`;
  /**
   * Claim tokens of the requests running here (or whose answer still has to be written), with their
   * row once known: renewed. Held from before the row is written, so a concurrent repeat in this
   * process never mistakes a claim being made for an abandoned one.
   */
  private readonly held = new Map<string, number | undefined>();
  /** Writes the database refused (a release or a stored answer), by claim token, retried each round until they succeed. */
  private readonly owed = new Map<string, () => Promise<unknown>>();
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly knex: Knex,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** A new claim token, held by this process until it is settled or dropped. */
  newClaim(): string {
    const claim = crypto.randomBytes(16).toString('hex');
    this.held.set(claim, undefined);
    return claim;
  }

  /** Columns that make a row this process's claim. */
  columns(now: Date): { claimed_by: string; locked_until: Date } {
    return { claimed_by: this.owner, locked_until: new Date(now.getTime() + LEASE_MS) };
  }

  /** The claim's row was written: it is renewed from now on. */
  bind(claim: string, id: number): void {
    this.held.set(claim, id);
  }

  /** The claim was never written (the key was already taken): forget it. */
  drop(claim: string): void {
    this.held.delete(claim);
  }

  /** Whether an unanswered row's request can no longer finish, so a repeat may take its key over. */
  abandoned(row: ClaimRow, now: Date): boolean {
    if (row.status_code !== null && row.status_code !== undefined) return false;
    const owner = row.claimed_by;
    if (owner === this.owner) return !this.held.has(row.claim_token);
    if (owner && goneFromThisHost(owner)) return true;
    // Rows claimed before owners were recorded hold for one lease from their creation.
    const until = toDate(row.locked_until) ?? new Date(toDate(row.created_at)!.getTime() + LEASE_MS);
    return until.getTime() < now.getTime();
  }

  /** The request answered with nothing to keep: free its key now, or as soon as the database lets us. */
  async release(claim: string): Promise<void> {
    const id = this.held.get(claim);
    this.held.delete(claim);
    // Without a known row (an error while claiming) the token alone finds it.
    const mine = id === undefined ? { claim_token: claim, claimed_by: this.owner } : { id, claim_token: claim };
    await this.attempt(claim, () => this.knex('idempotency_keys').where(mine).whereNull('status_code').delete());
  }

  /** The request's answer is kept for replays; until that write succeeds the claim stays held. */
  async store(claim: string, answer: { status_code: number; response_headers: string; response_body: string | null }): Promise<void> {
    const id = this.held.get(claim);
    if (id === undefined) return;
    const write = () => this.knex('idempotency_keys').where({ id, claim_token: claim }).update(answer);
    if (await this.attempt(claim, write)) this.held.delete(claim);
  }

  /** At boot: frees the claims of processes of this host that died (a crash, a kill) before answering. */
  async releaseDeadOwners(): Promise<number> {
    const rows = await this.knex('idempotency_keys').whereNull('status_code').where('claimed_by', 'like', `${HOST}:%`).select('id', 'claimed_by');
    let released = 0;
    for (const row of rows) {
      if (row.claimed_by === this.owner || !goneFromThisHost(row.claimed_by)) continue;
      released += await this.knex('idempotency_keys').where({ id: row.id, claimed_by: row.claimed_by }).whereNull('status_code').delete();
    }
    if (released > 0) this.logger.info({ released }, 'released Idempotency-Keys left in progress by a process that died');
    return released;
  }

  start(): void {
    if (this.stopped) return;
    this.timer ??= setInterval(() => void this.renew(), RENEW_MS).unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    // Writes still owed are not retried here (the database may be the reason): a restart on this host
    // frees them at once, and other hosts after the lease.
    await this.round;
  }

  /** One round: retry the owed writes, then extend the lease of every claim still held. */
  renew(): Promise<void> {
    this.round ??= this.renewOnce().finally(() => {
      this.round = undefined;
    });
    return this.round;
  }

  private async renewOnce(): Promise<void> {
    try {
      await this.retryOwed();
      const ids = [...this.held.values()].filter((id): id is number => id !== undefined);
      if (ids.length === 0) return;
      await this.knex('idempotency_keys')
        .whereIn('id', ids)
        .where('claimed_by', this.owner)
        .update({ locked_until: new Date(this.clock.now().getTime() + LEASE_MS) });
    } catch (err) {
      this.logger.warn({ err }, 'could not renew Idempotency-Key claims');
    }
  }

  private async retryOwed(): Promise<void> {
    for (const [claim, write] of [...this.owed]) {
      if (await this.attempt(claim, write)) this.held.delete(claim);
    }
  }

  private async attempt(claim: string, write: () => Promise<unknown>): Promise<boolean> {
    try {
      await write();
      this.owed.delete(claim);
      return true;
    } catch (err) {
      // Only the code: the database's message would quote the statement, and with it the answer kept.
      if (!this.owed.has(claim)) this.logger.warn({ code: (err as { code?: string }).code }, 'could not settle an Idempotency-Key claim; retrying');
      this.owed.set(claim, write);
      this.start();
      return false;
    }
  }
}

// `host:pid:start:random` names a process of this host that no longer runs (or that our pid replaced).
function goneFromThisHost(owner: string): boolean {
  const [host, pidText, started, random] = owner.split(':');
  if (host !== HOST || random === undefined) return false;
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return started !== String(PROCESS_STARTED);
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
