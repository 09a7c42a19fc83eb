import type { Knex } from 'knex';

// A product's revision goes up with every write to it or to its variants, in the writing transaction:
// the catalogue's serialised products are kept per revision (services/product-memo.ts), which a
// timestamp cannot do (two writes within one millisecond share it).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.bigInteger('revision').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (t) => {
    t.dropColumn('revision');
  });
}
