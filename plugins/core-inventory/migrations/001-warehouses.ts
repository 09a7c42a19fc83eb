import type { Knex } from 'knex';
import { timestamps } from '../../../kernel/db/schema.ts';

// Stock locations. `code_key` (the code lower-cased) makes codes unique the same way on both databases;
// `priority` orders allocation (lower first, then id).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('warehouses', (t) => {
    t.bigIncrements('id');
    t.string('name', 200).notNullable();
    t.string('code', 50).notNullable();
    t.string('code_key', 50).notNullable().unique();
    t.string('country', 2).nullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('priority').notNullable().defaultTo(0);
    timestamps(t);
    t.index(['active', 'priority'], 'warehouses_allocation_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('warehouses');
}
