import { indexMigration } from '../../../kernel/db/schema.ts';

// The voucher list's ordering by use (the most used first) had no index: with thousands of single-use
// codes each page sorted them all. The primary key is appended on both databases: the list's tie-breaker.
export const { up, down } = indexMigration('vouchers', [[['times_used'], 'vouchers_times_used_idx']]);
