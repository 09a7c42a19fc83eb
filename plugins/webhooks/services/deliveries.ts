import crypto from 'node:crypto';
import os from 'node:os';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import type { EventRecord } from '../../../kernel/events.ts';
import type { Logger } from '../../../kernel/logger.ts';
import { claimDueRows } from '../../../kernel/db/claim.ts';
import { affectedRows, forUpdate, parseJson, toDate, toIso } from '../../../kernel/db/dialect.ts';
import { WebhookErrors } from '../errors.ts';
import type { ActiveEndpoints } from './active-endpoints.ts';
import type { EndpointHealth } from './endpoint-health.ts';
import type { Endpoint, EndpointService } from './endpoints.ts';
import { nextAttemptAt, RETRY_WINDOW_MS } from './schedule.ts';
import type { AttemptOutcome, DeliverySender } from './sender.ts';

type Db = Knex | Knex.Transaction;

/** Where a round sends an endpoint's deliveries; the secret is opened once, when first needed. */
interface Target {
  url: string;
  sealed: string;
  secret?: string;
  failing: boolean;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** Deliveries claimed per round, sent concurrently. */
export const DELIVERY_BATCH = 20;
/** Events read per page when an endpoint is caught up. */
const CATCH_UP_PAGE = 500;

/** A delivery as the delivery log shows it. */
export function deliveryView(row: any) {
  return {
    id: Number(row.id),
    endpoint_id: Number(row.endpoint_id),
    event_id: Number(row.event_id),
    event_type: row.event_type,
    status: row.status as DeliveryStatus,
    attempts: Number(row.attempts),
    last_status_code: row.last_status_code === null || row.last_status_code === undefined ? null : Number(row.last_status_code),
    last_error: row.last_error ?? null,
    latency_ms: row.latency_ms === null || row.latency_ms === undefined ? null : Number(row.latency_ms),
    response_body: row.response_body ?? null,
    next_attempt_at: toIso(row.next_attempt_at),
    created_at: toIso(row.created_at)!,
    delivered_at: toIso(row.delivered_at),
  };
}

/** The body every attempt of a delivery sends: `{id, type, created_at, data}` (docs/api.md, webhook deliveries). */
export function deliveryBody(event: { id: number; type: string; created_at: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, created_at: event.created_at.toISOString(), data: event.data });
}

/**
 * Deliveries: one row per (endpoint, event), created after commit by the `events.afterCommit` tap, and
 * attempted by the delivery loop of any instance. A round claims due rows with a lease (SKIP LOCKED on
 * MySQL/MariaDB), so no two instances attempt one delivery at once; the outcome is written only by the
 * claimer whose lease it still is. Deliveries of one endpoint are not ordered among themselves.
 */
export class DeliveryService {
  private readonly instance = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  private wakeLoop: () => void = () => undefined;

  constructor(
    private readonly parts: {
      knex: Knex;
      clock: Clock;
      logger: Logger;
      endpoints: EndpointService;
      /** The active endpoints, kept in memory between their changes. */
      active: Pick<ActiveEndpoints, 'list'>;
      sender: DeliverySender;
      health: EndpointHealth;
    },
  ) {}

  /** The delivery loop's wake-up, set once the loop exists. */
  setWake(wake: () => void): void {
    this.wakeLoop = wake;
  }

  /**
   * Creates the deliveries of a committed event, one per active subscribed endpoint, and wakes the
   * loop so they go out at once. Idempotent: the dispatcher may run it more than once per event.
   *
   * An endpoint receives the events created from its own creation on: an event that waited in the
   * outbox (a backlog after a bulk sync, an outage) is not sent to endpoints added meanwhile, so a new
   * subscriber does not start with thousands of old deliveries, and what it gets does not depend on how
   * far the dispatcher had got when it subscribed.
   */
  async fanOut(event: EventRecord): Promise<number> {
    const since = event.created_at.getTime();
    const endpoints = (await this.parts.active.list()).filter((e) => this.parts.endpoints.subscribes(e, event.type) && e.created_at.getTime() <= since);
    if (endpoints.length === 0) return 0;
    return this.create(endpoints.map((e) => [e.id, event]));
  }

  /**
   * Makes `endpoint`'s deliveries of the events created from `from` on that it subscribes to, those
   * that have them already left as they are: what an endpoint that another instance's kept list did not
   * hold yet is owed (ActiveEndpoints). Reads the events in pages of their ids.
   */
  async catchUp(endpoint: Endpoint, from: Date): Promise<number> {
    const { knex } = this.parts;
    const first = (await knex('events').where('created_at', '>=', from).min({ id: 'id' }).first()) as { id?: number | string | null } | undefined;
    if (first?.id === null || first?.id === undefined) return 0;
    let made = 0;
    for (let after = Number(first.id) - 1; ; ) {
      const page: Array<{ id: number; type: string; created_at: Date | string }> = await knex('events').where('id', '>', after).orderBy('id').limit(CATCH_UP_PAGE).select('id', 'type', 'created_at');
      if (page.length === 0) return made;
      after = Number(page[page.length - 1]!.id);
      const owed = page
        .map((e) => ({ id: Number(e.id), type: e.type, created_at: toDate(e.created_at)! }))
        .filter((e) => e.created_at.getTime() >= from.getTime() && this.parts.endpoints.subscribes(endpoint, e.type));
      if (owed.length > 0) made += await this.create(owed.map((e) => [endpoint.id, e]));
      if (page.length < CATCH_UP_PAGE) return made;
    }
  }

  // Pending deliveries of these (endpoint, event) pairs, due now, each made once; wakes the loop.
  private async create(pairs: Array<[number, { id: number; type: string }]>): Promise<number> {
    const now = this.parts.clock.now();
    const rows = pairs.map(([endpointId, event]) => ({
      endpoint_id: endpointId,
      event_id: event.id,
      event_type: event.type,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
      created_at: now,
      updated_at: now,
    }));
    await this.parts.knex('webhook_deliveries').insert(rows).onConflict(['endpoint_id', 'event_id']).ignore();
    this.wakeLoop();
    return rows.length;
  }

  /** One round: claims due deliveries of active endpoints and attempts them; returns how many. */
  async deliverDue(): Promise<number> {
    const { knex, clock } = this.parts;
    const active = await knex('webhook_endpoints').where('active', true).select('id', 'url', 'secret_sealed', 'failing_since');
    if (active.length === 0) return 0;
    const now = clock.now();
    const rows = await claimDueRows(knex, {
      table: 'webhook_deliveries',
      now,
      limit: DELIVERY_BATCH,
      // Longer than any attempt can take, so a lease never runs out under a live attempt.
      leaseMs: this.parts.sender.timeoutMs + 60_000,
      stamp: { locked_by: this.instance },
      due: (q) => q.where('status', 'pending').andWhere('next_attempt_at', '<=', now).whereIn('endpoint_id', active.map((e: any) => e.id)),
      index: 'webhook_deliveries_claim_idx',
    });
    if (rows.length === 0) return 0;
    // One read of the round's events and one decryption per endpoint, however many deliveries share them.
    const events = new Map<number, any>();
    for (const e of await knex('events').whereIn('id', [...new Set(rows.map((r: any) => r.event_id))]).select('id', 'type', 'data', 'created_at')) events.set(Number(e.id), e);
    const targets = new Map<number, Target>();
    for (const e of active) targets.set(Number(e.id), { url: e.url, sealed: e.secret_sealed, failing: e.failing_since !== null && e.failing_since !== undefined });
    await Promise.all(rows.map((row: any) => this.attempt(row, targets.get(Number(row.endpoint_id))!, events.get(Number(row.event_id)))));
    return rows.length;
  }

  private async attempt(row: any, target: Target, event: any | undefined): Promise<void> {
    const { clock, logger } = this.parts;
    try {
      let outcome: AttemptOutcome;
      if (!event) {
        outcome = { ok: false, statusCode: null, latencyMs: 0, responseBody: null, error: 'The event is no longer stored (events are kept 30 days).' };
      } else {
        target.secret ??= this.parts.endpoints.openSecret(target.sealed);
        const body = deliveryBody({ id: Number(event.id), type: event.type, created_at: toDate(event.created_at)!, data: parseJson(event.data, {}) });
        outcome = await this.parts.sender.send({ url: target.url, body, secret: target.secret, eventId: Number(event.id), eventType: event.type, timestamp: clock.now() });
      }
      await this.record(row, outcome, !event, target.failing);
    } catch (err) {
      // A database hiccup: the lease runs out and the delivery is claimed again later.
      logger.error({ err, delivery: row.id, endpoint: row.endpoint_id }, 'webhook delivery attempt could not be recorded');
    }
  }

  private async record(row: any, outcome: AttemptOutcome, eventGone: boolean, endpointFailing: boolean): Promise<void> {
    const { knex, clock } = this.parts;
    const now = clock.now();
    const attempts = Number(row.attempts) + 1;
    const endpointId = Number(row.endpoint_id);
    const next = outcome.ok || eventGone ? null : nextAttemptAt(now, attempts, toDate(row.retry_until)!);
    const status: DeliveryStatus = outcome.ok ? 'succeeded' : next ? 'pending' : 'failed';
    const written = await knex('webhook_deliveries')
      .where({ id: row.id, locked_by: this.instance, attempts: row.attempts })
      .update({
        status,
        attempts,
        next_attempt_at: next,
        locked_until: null,
        locked_by: null,
        last_status_code: outcome.statusCode,
        last_error: outcome.error?.slice(0, 2000) ?? null,
        latency_ms: outcome.latencyMs,
        response_body: outcome.responseBody,
        delivered_at: outcome.ok ? now : toDate(row.delivered_at),
        updated_at: now,
      });
    // Nothing written: the lease ran out and another instance owns the delivery now; it reports.
    if (affectedRows(written) === 0) return;
    if (outcome.ok && endpointFailing) await this.parts.health.succeeded(endpointId);
    if (!outcome.ok && !eventGone) await this.parts.health.failed(endpointId, now, outcome.error ?? 'failed');
  }

  /** The delivery log of an endpoint, for `paginate`; `status` filters. */
  listQuery(db: Db, endpointId: number, filters: { status?: DeliveryStatus; event_id?: number }): Knex.QueryBuilder {
    const query = db('webhook_deliveries').select('*').where('endpoint_id', endpointId);
    if (filters.status) query.where('status', filters.status);
    if (filters.event_id) query.where('event_id', filters.event_id);
    return query;
  }

  async get(db: Db, endpointId: number, id: number): Promise<any> {
    const row = await db('webhook_deliveries').where({ id, endpoint_id: endpointId }).first();
    if (!row) throw WebhookErrors.deliveryNotFound();
    return row;
  }

  /**
   * Sends a delivery again soon, whatever its status: it becomes pending, due now, with a fresh 3-day
   * retry window. The loop wakes once the caller's transaction commits.
   */
  async redeliver(trx: Knex.Transaction, endpointId: number, id: number): Promise<any> {
    const endpoint = await this.parts.endpoints.get(trx, endpointId);
    const row = await forUpdate(trx, trx('webhook_deliveries').where({ id, endpoint_id: endpointId })).first();
    if (!row) throw WebhookErrors.deliveryNotFound();
    const now = this.parts.clock.now();
    const lease = toDate(row.locked_until);
    if (row.locked_by && lease && lease > now) throw WebhookErrors.deliveryInProgress();
    if (!endpoint.active) throw WebhookErrors.endpointInactive();
    if (!(await trx('events').where({ id: row.event_id }).first('id'))) throw WebhookErrors.eventPurged();
    await trx('webhook_deliveries').where({ id }).update({
      status: 'pending',
      next_attempt_at: now,
      retry_until: new Date(now.getTime() + RETRY_WINDOW_MS),
      locked_until: null,
      locked_by: null,
      updated_at: now,
    });
    trx.executionPromise.then(() => this.wakeLoop(), () => undefined);
    return this.get(trx, endpointId, id);
  }
}
