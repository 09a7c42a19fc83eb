import { indexMigration } from '../db/schema.ts';

// The outbox claims the oldest undispatched events (`dispatched_at is null … order by id`). With only
// (dispatched_at, next_attempt_at), MariaDB walked the primary key from the first event ever written,
// through every dispatched one, and SQLite sorted the whole backlog: each round cost more as the table
// grew. This index holds the undispatched events in id order.
export const { up, down } = indexMigration('events', [[['dispatched_at', 'id'], 'events_claim_idx']]);
