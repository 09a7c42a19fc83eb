import type { Knex } from 'knex';

// `events_due_idx` (dispatched_at, next_attempt_at) served the outbox's claim until `events_claim_idx`
// (dispatched_at, id) took its place (006), and what else read through it, the outbox metrics' count of
// undispatched events and the oldest of them, reads the claim's index as well: the undispatched events
// are its first entries, in id order. Every event the store writes, and every dispatch mark, updated
// both; without this one an event's commit writes one page less.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => t.dropIndex(['dispatched_at', 'next_attempt_at'], 'events_due_idx'));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('events', (t) => t.index(['dispatched_at', 'next_attempt_at'], 'events_due_idx'));
}
