import { columns, type Knex } from '@storekeep-commerce/sdk';

// Weight bands: for one destination country and one currency, a price (minor units) for parcels from
// min_weight (inclusive) up to max_weight (exclusive; null means no upper bound), in grams.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shipping_weight_bands', (t) => {
    t.bigIncrements('id');
    t.string('name', 200).notNullable();
    t.string('country', 2).notNullable();
    t.string('currency', 3).notNullable();
    t.integer('min_weight').notNullable();
    t.integer('max_weight');
    columns.money(t, 'price_minor').notNullable();
    columns.timestamps(t);
    t.index(['country', 'currency', 'min_weight']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shipping_weight_bands');
}
