import type { Knex } from 'knex';
import { statementsDuring } from './statements.ts';

// The catalogue's own tables: a cache hit reads none of them (the settings refresh and the
// cross-process change check may run at any time and are left out).
const CATALOGUE_TABLE = /`?(products|variants|categories|pages|inventory_levels|warehouses|product_search)`?/;

/** The catalogue queries `fn` makes: 0 means it was answered from the response cache. */
export async function catalogueQueries(knex: Knex, fn: () => Promise<unknown>): Promise<number> {
  return (await statementsDuring(knex, fn)).filter((q) => CATALOGUE_TABLE.test(q.sql)).length;
}
