import { indexMigration } from '../../../kernel/db/schema.ts';

// Deliveries are claimed oldest first among the pending ones (`status = 'pending' … order by id`), and
// the delivery log keeps every delivered one: without an index in that order, MariaDB walked the primary
// key through the whole log, and each round cost more as the log grew.
export const { up, down } = indexMigration('webhook_deliveries', [[['status', 'id'], 'webhook_deliveries_claim_idx']]);
