import type { Knex } from 'knex';
import { KEPT_COUNT_SLOTS } from '../../../kernel/db/kept-counts.ts';
import { reference } from '../../../kernel/db/schema.ts';

// How many products each category has, per status, kept by the product service in the transaction of
// every create, status or category change and delete (services/category-counts.ts), as product_counts
// keeps them for the whole catalogue: the count of a list narrowed by its category only (the storefront's
// category page) is then a sum over the category's subtree instead of a scan of its products, which on
// MariaDB took 0.8 ms for a category of 1,000 and grows with it. Every slot of every status of every
// category exists from its creation on (services/categories.ts writes them); the products that exist
// are counted into them by id modulo the slots.
const STATUSES = ['draft', 'active', 'archived'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('category_product_counts', (t) => {
    reference(t, 'category_id', 'categories').notNullable().onDelete('CASCADE');
    t.string('status', 20).notNullable();
    t.integer('slot').notNullable();
    t.bigInteger('n').notNullable().defaultTo(0);
    t.primary(['category_id', 'status', 'slot']);
  });
  const counted = await knex('products')
    .whereNotNull('category_id')
    .select('category_id', 'status', knex.raw(`id % ${KEPT_COUNT_SLOTS} as slot`))
    .count({ n: '*' })
    .groupBy('category_id', 'status', 'slot');
  const n = new Map(counted.map((r: any) => [`${Number(r.category_id)}/${r.status}/${Number(r.slot)}`, Number(r.n)]));
  const categories = (await knex('categories').pluck('id')).map(Number);
  const rows = categories.flatMap((category_id) =>
    STATUSES.flatMap((status) => Array.from({ length: KEPT_COUNT_SLOTS }, (_, slot) => ({ category_id, status, slot, n: n.get(`${category_id}/${status}/${slot}`) ?? 0 }))),
  );
  for (let i = 0; i < rows.length; i += 200) await knex('category_product_counts').insert(rows.slice(i, i + 200));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('category_product_counts');
}
