import type { Knex } from 'knex';
import { datetime, money, reference, timestamps } from '../../../kernel/db/schema.ts';

// Payments of an order: one per attempt (a failed one stays, a new attempt is a new row). `amount` is
// what the attempt asks for; `captured` what it brought in.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('payments', (t) => {
    t.bigIncrements('id');
    reference(t, 'order_id', 'orders').notNullable();
    t.string('method_id', 100).notNullable();
    t.string('gateway', 100).notNullable();
    t.string('status', 16).notNullable();
    money(t, 'amount').notNullable();
    t.string('currency', 3).notNullable();
    money(t, 'captured').notNullable().defaultTo(0);
    money(t, 'refunded').notNullable().defaultTo(0);
    t.string('external_id', 255).nullable();
    t.text('redirect_url').nullable();
    t.text('instructions').nullable();
    t.string('error', 1000).nullable();
    t.boolean('test').notNullable().defaultTo(false);
    datetime(t, 'settled_at').nullable();
    timestamps(t);
    t.index(['order_id'], 'payments_order_idx');
    t.index(['gateway', 'external_id'], 'payments_external_idx');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('payments');
}
