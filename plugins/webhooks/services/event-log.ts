import type { Knex } from 'knex';
import { parseJson, toIso } from '../../../kernel/db/dialect.ts';

type Db = Knex | Knex.Transaction;

/** Events (and their delivery log) are kept this long for reconciliation, then purged. */
export const EVENT_RETENTION_MS = 30 * 24 * 3_600_000;
const PURGE_BATCH = 500;

/** An event as `GET /api/v1/events/` shows it: the same fields a delivery's body carries. */
export function eventView(row: any) {
  return { id: Number(row.id), type: row.type, created_at: toIso(row.created_at)!, data: parseJson(row.data, {}) };
}

/** The store's events, read from the kernel's outbox table, which is where they are kept. */
export class EventLog {
  listQuery(db: Db, filters: { type?: string }): Knex.QueryBuilder {
    const query = db('events').select('id', 'type', 'data', 'created_at');
    if (filters.type) query.where('type', filters.type);
    return query;
  }

  /**
   * Deletes events older than the retention unless their afterCommit dispatch is still pending or a
   * delivery of theirs still is, and finished deliveries as old; returns how many events went.
   */
  async purge(knex: Knex, now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - EVENT_RETENTION_MS);
    let purged = 0;
    for (;;) {
      const ids = (
        await knex('events')
          .where('created_at', '<', cutoff)
          .whereNotNull('dispatched_at')
          .whereNotExists((q) => q.select(knex.raw('1')).from('webhook_deliveries').whereRaw('webhook_deliveries.event_id = events.id').andWhere('webhook_deliveries.status', 'pending'))
          .orderBy('id')
          .limit(PURGE_BATCH)
          .select('id')
      ).map((r: any) => r.id);
      if (ids.length === 0) break;
      await knex('events').whereIn('id', ids).delete();
      purged += ids.length;
      if (ids.length < PURGE_BATCH) break;
    }
    for (;;) {
      const ids = (
        await knex('webhook_deliveries').where('created_at', '<', cutoff).whereNot('status', 'pending').orderBy('id').limit(PURGE_BATCH).select('id')
      ).map((r: any) => r.id);
      if (ids.length === 0) break;
      await knex('webhook_deliveries').whereIn('id', ids).delete();
      if (ids.length < PURGE_BATCH) break;
    }
    return purged;
  }
}
