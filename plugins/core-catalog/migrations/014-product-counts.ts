import type { Knex } from 'knex';

// How many products each status has, kept by the product service in the transaction of every create,
// status change and delete (services/product-counts.ts): the count of an unfiltered product list is
// then a sum of a few rows instead of a scan of every product, whatever the catalogue's size. Each
// status's number is spread over 16 rows (slots), so that transactions writing products at the same
// time add to different rows and never wait for each other. Every slot of every status exists from
// here on (writers only ever update a row, never insert one); the products that exist are counted into
// them by id modulo 16.
const SLOTS = 16;
const STATUSES = ['draft', 'active', 'archived'];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('product_counts', (t) => {
    t.string('status', 20).notNullable();
    t.integer('slot').notNullable();
    t.bigInteger('n').notNullable().defaultTo(0);
    t.primary(['status', 'slot']);
  });
  const counted = await knex('products').select('status', knex.raw(`id % ${SLOTS} as slot`)).count({ n: '*' }).groupBy('status', 'slot');
  const n = new Map(counted.map((r: any) => [`${r.status}/${Number(r.slot)}`, Number(r.n)]));
  const rows = STATUSES.flatMap((status) => Array.from({ length: SLOTS }, (_, slot) => ({ status, slot, n: n.get(`${status}/${slot}`) ?? 0 })));
  for (let i = 0; i < rows.length; i += 100) await knex('product_counts').insert(rows.slice(i, i + 100));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('product_counts');
}
