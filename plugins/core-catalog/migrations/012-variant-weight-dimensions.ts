import type { Knex } from 'knex';

// Shipping providers price by weight and size: a variant's weight in grams and its package's length,
// width and height in millimetres, all optional (null: not known).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    t.integer('weight').nullable();
    t.integer('length_mm').nullable();
    t.integer('width_mm').nullable();
    t.integer('height_mm').nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('variants', (t) => {
    t.dropColumn('weight');
    t.dropColumn('length_mm');
    t.dropColumn('width_mm');
    t.dropColumn('height_mm');
  });
}
