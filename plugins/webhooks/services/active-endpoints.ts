import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { KEPT_READ_MS, KeptRead } from '../../../kernel/db/kept-read.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { Endpoint } from './endpoints.ts';

/** On an instance's first read, endpoints changed this recently are caught up (another instance may have missed them). */
const FIRST_READ_WINDOW_MS = 5 * KEPT_READ_MS;

/**
 * The active endpoints the fan-out gives each event to, kept in memory: every committed event asked
 * for them, a read in every dispatch round (on MariaDB one statement in fourteen of a guest checkout,
 * for a list that changes a few times a year).
 *
 * An endpoint receives the events created from its creation (or its last change) on, whatever another
 * instance's kept list holds:
 * - a change made here is seen by the next event: the endpoint service and the health check call
 *   `changed(trx, id)` in the writing transaction (KeptRead), and it needs no catch-up;
 * - a change made by another instance shows within KEPT_READ_MS, and an instance that has used its list
 *   reads it again once it has aged (each read schedules the next), so nothing waits for the next event;
 * - each read compares the list with the one before. An endpoint that is new in it, or whose
 *   `updated_at` moved (created, reactivated, subscribed to more), is caught up: the events created
 *   since that change get their deliveries (`catchUp`; a delivery made twice is one row), those this
 *   instance fanned out with the older list included. The first read of an instance catches up the
 *   endpoints changed within FIRST_READ_WINDOW_MS, for an instance that died with an older list.
 */
export class ActiveEndpoints {
  private readonly kept: KeptRead<Endpoint[]>;
  // Each listed endpoint's updated_at (ms) as last read; undefined before the first read.
  private seen?: Map<number, number>;
  // The read after this one has aged, when it has been used: another instance's change is caught up
  // then, not at the next event, which may be hours away.
  private followUp?: NodeJS.Timeout;
  private used = false;
  private stopped = false;
  // Endpoints this instance changed, each with the number of reads begun when its change committed
  // (undefined while it runs); the first read begun after that lists it, without a catch-up.
  private readonly local = new Map<number, number | undefined>();
  private reads = 0;

  constructor(
    private readonly parts: {
      knex: Knex;
      clock: Clock;
      logger: Logger;
      /** Reads every active endpoint (EndpointService.active). */
      read: (db: Knex) => Promise<Endpoint[]>;
      /** Makes the deliveries of `endpoint` for the events created since `from`. */
      catchUp: (endpoint: Endpoint, from: Date) => Promise<number>;
    },
  ) {
    this.kept = new KeptRead(parts.knex, (db) => this.read(db));
  }

  /** The active endpoints, kept or read (and read again once they have aged: see `read`). */
  async list(): Promise<Endpoint[]> {
    const list = await this.kept.get(this.parts.knex);
    this.used = true;
    return list;
  }

  /**
   * `trx` writes this endpoint: the next event reads the list afresh once it has ended. A change made
   * here needs no catch-up (no event of this instance was given the older list after it committed).
   */
  changed(trx: Knex.Transaction, endpointId: number): void {
    this.local.set(endpointId, undefined);
    void this.kept.changed(trx).then((committed) => {
      if (committed) this.local.set(endpointId, this.reads);
      else this.local.delete(endpointId);
    });
  }

  /** Stops the read scheduled after the last use (at shutdown). */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.followUp);
    this.followUp = undefined;
  }

  // The list, after catching up every endpoint new or changed since the read before. Should a catch-up
  // fail, the read fails with it (the event that asked is retried) and what was seen stays, so the next
  // read catches up again.
  private async read(db: Knex): Promise<Endpoint[]> {
    const begun = ++this.reads;
    this.used = false;
    clearTimeout(this.followUp);
    if (!this.stopped) {
      this.followUp = setTimeout(() => {
        if (!this.used) return;
        this.kept.get(this.parts.knex).catch((err) => this.parts.logger.warn({ err }, 'could not read the webhook endpoints again; read at the next event'));
      }, KEPT_READ_MS + 50).unref();
    }
    const list = await this.parts.read(db);
    const recent = this.parts.clock.now().getTime() - FIRST_READ_WINDOW_MS;
    for (const e of list) {
      const changedAt = e.updated_at.getTime();
      const moved = this.seen ? this.seen.get(e.id) !== changedAt : changedAt >= recent;
      if (moved && !this.local.has(e.id)) await this.parts.catchUp(e, new Date(Math.max(changedAt, e.created_at.getTime())));
    }
    for (const [id, committedAt] of this.local) if (committedAt !== undefined && committedAt < begun) this.local.delete(id);
    this.seen = new Map(list.map((e) => [e.id, e.updated_at.getTime()]));
    return list;
  }
}
