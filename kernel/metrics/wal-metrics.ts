import type { WalCheckpointer } from '../db/wal-checkpointer.ts';
import type { KernelMetrics } from './registry.ts';

/**
 * The SQLite WAL's checkpoint thread (db/wal-checkpointer.ts): whether it runs, and the WAL pages its
 * last round found written and copied into the database file. `written` far above `checkpointed` for
 * long means a long read (a backup) holds the copy back, or the thread stopped.
 */
export function walMetrics(metrics: KernelMetrics, checkpointer: WalCheckpointer): void {
  metrics.gauge({
    name: 'storekeep_sqlite_checkpoint_thread_running',
    help: 'SQLite only: 1 while a thread of its own checkpoints the WAL, 0 when the store connection does it itself (the thread stopped, or the background loops are off).',
    collect(gauge) {
      gauge.set(checkpointer.running ? 1 : 0);
    },
  });
  metrics.gauge({
    name: 'storekeep_sqlite_wal_pages',
    help: 'SQLite only: WAL pages at the checkpoint thread\'s last round, by state: written (in the WAL), checkpointed (copied into the database file).',
    labelNames: ['state'],
    collect(gauge) {
      const round = checkpointer.lastRound;
      gauge.reset();
      if (!round) return;
      gauge.set({ state: 'written' }, round.log);
      gauge.set({ state: 'checkpointed' }, round.checkpointed);
    },
  });
}
