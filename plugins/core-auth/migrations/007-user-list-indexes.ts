import { indexMigration, type IndexSpec } from '../../../kernel/db/schema.ts';

// Customers and staff are listed by kind, ordered by e-mail or last name as well as by date
// (core-customers' customer list, this plugin's staff list). Only the date had an index behind the
// kind: a page of customers by e-mail sorted every customer. Both databases append the primary key,
// which is the lists' tie-breaker.
const INDEXES: IndexSpec[] = [
  [['kind', 'email'], 'users_kind_email_idx'],
  [['kind', 'last_name'], 'users_kind_last_name_idx'],
];

export const { up, down } = indexMigration('users', INDEXES);
