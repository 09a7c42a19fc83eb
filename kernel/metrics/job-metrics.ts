import type { Knex } from 'knex';
import type { Clock } from '../clock.ts';
import type { Worker } from '../worker.ts';
import type { KernelMetrics } from './registry.ts';

/** The states a job row is in, as the gauge labels them. */
export const JOB_STATES = ['due', 'running', 'scheduled', 'failed'] as const;

/**
 * The job queue: rows of the jobs table by job name and state (due: waiting for a worker now; running:
 * claimed by a worker; scheduled: due later, recurring jobs between runs and retries in their backoff;
 * failed: gave up after their attempts), read at scrape time; and the failed attempts of this process.
 * Finished jobs are deleted, so the table holds only the queue and the failures.
 */
export function jobMetrics(metrics: KernelMetrics, knex: Knex, clock: Clock, worker: Worker): void {
  metrics.reading(
    'jobs',
    { jobs: { name: 'storekeep_jobs', help: 'Jobs in the queue by job name and state: due (waiting for a worker), running, scheduled (due later) and failed (gave up).', labelNames: ['job', 'state'] } },
    async () => {
      const now = clock.now();
      const rows = (await knex('jobs')
        .select('name', knex.raw("case when failed_at is not null then 'failed' when locked_until > ? then 'running' when run_at <= ? then 'due' else 'scheduled' end as state", [now, now]))
        .count({ n: '*' })
        .groupBy('name', 'state')) as Array<{ name: string; state: string; n: number | string }>;
      return { jobs: rows.map((row) => ({ labels: { job: row.name, state: row.state }, value: Number(row.n) })) };
    },
  );
  const failures = metrics.counter({
    name: 'storekeep_job_failures_total',
    help: 'Failed job attempts in this process, by job name; final="true" when the job gave up (no attempts left).',
    labelNames: ['job', 'final'],
  });
  worker.onFailure((failure) => failures.inc({ job: failure.name, final: String(failure.final) }));
}
