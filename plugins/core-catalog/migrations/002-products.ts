import type { Knex } from 'knex';
import { money, reference, timestamps } from '../../../kernel/db/schema.ts';
import { caseInsensitiveString } from './text-column.ts';

// Products. `effective_price` is the explicit price or else the lowest variant price, kept by the
// service so that price ordering and bounds are plain indexed comparisons.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('products', (t) => {
    t.bigIncrements('id');
    caseInsensitiveString(knex, t, 'name', 200).notNullable();
    t.text('description', 'mediumtext').notNullable();
    t.string('status', 16).notNullable();
    t.string('slug', 200).notNullable().unique();
    reference(t, 'category_id', 'categories').nullable();
    t.text('options', 'mediumtext').notNullable();
    t.text('images', 'mediumtext').notNullable();
    t.text('translations', 'mediumtext').notNullable();
    money(t, 'price').nullable();
    money(t, 'compare_at_price').nullable();
    money(t, 'effective_price').nullable();
    timestamps(t);
    t.index(['category_id']);
    t.index(['status', 'created_at']);
    t.index(['status', 'name']);
    t.index(['status', 'effective_price']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('products');
}
