import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import { toDate } from '../db/dialect.ts';
import type { KernelMetrics } from './registry.ts';

/**
 * How far the outbox dispatcher is behind: the events not yet dispatched to every afterCommit tap, and
 * the age of the oldest of them. Both come from `events_claim_idx` (dispatched_at, id) alone, then one
 * lookup by primary key, so a scrape costs in proportion to the backlog, not to the events kept.
 */
export function outboxMetrics(metrics: KernelMetrics, knex: Knex, clock: Clock): void {
  metrics.reading(
    'outbox',
    {
      waiting: { name: 'storekeep_outbox_events_waiting', help: 'Committed events not yet dispatched to every afterCommit tap (due now, or waiting to retry a failed tap).' },
      lag: { name: 'storekeep_outbox_lag_seconds', help: 'Age in seconds of the oldest committed event not yet dispatched; 0 when none waits.' },
    },
    async () => {
      const row = (await knex('events').whereNull('dispatched_at').count({ waiting: '*' }).min({ first: 'id' }).first()) as { waiting?: number | string; first?: number | string | null } | undefined;
      const waiting = Number(row?.waiting ?? 0);
      let lag = 0;
      if (row?.first !== null && row?.first !== undefined) {
        const oldest = await knex('events').where('id', row.first).first('created_at');
        const createdAt = toDate(oldest?.created_at);
        // The event may have been dispatched in between: then it is no lag.
        if (createdAt) lag = Math.max(0, (clock.now().getTime() - createdAt.getTime()) / 1000);
      }
      return { waiting: [{ value: waiting }], lag: [{ value: lag }] };
    },
  );
}
