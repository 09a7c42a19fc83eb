import type { Knex } from 'knex';

/** A statement knex sent: its SQL and bindings. */
export interface SentStatement {
  sql: string;
  bindings: unknown[];
}

/** The statements `fn` sends through `knex`, in order (others' too, when they run meanwhile). */
export async function statementsDuring(knex: Knex, fn: () => Promise<unknown>): Promise<SentStatement[]> {
  const sent: SentStatement[] = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => sent.push({ sql: q.sql, bindings: q.bindings ?? [] });
  knex.on('query', listener);
  try {
    await fn();
  } finally {
    knex.off('query', listener);
  }
  return sent;
}
