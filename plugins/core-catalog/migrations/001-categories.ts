import type { Knex } from 'knex';
import { reference, timestamps } from '../../../kernel/db/schema.ts';
import { caseInsensitiveString } from './text-column.ts';

// Categories form a tree through parent_id; translations are a JSON document per category.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('categories', (t) => {
    t.bigIncrements('id');
    caseInsensitiveString(knex, t, 'name', 200).notNullable();
    t.string('slug', 200).notNullable().unique();
    t.text('description', 'mediumtext').notNullable();
    reference(t, 'parent_id', 'categories').nullable();
    t.text('translations', 'mediumtext').notNullable();
    timestamps(t);
    t.index(['parent_id']);
    t.index(['name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('categories');
}
