import { normalizeIP } from '@fastify/rate-limit';
import type { Knex } from 'knex';
import { conflict } from '../../../../kernel/http/errors.ts';
import { isStaffLike, type Principal } from '../../../../kernel/http/principal.ts';
import type { CheckoutDeps } from '../deps.ts';
import type { OrderRecord } from './order-rows.ts';

export const tooManyUnpaidOrders = (limit: number, by: 'email' | 'address') =>
  conflict(
    'too_many_unpaid_orders',
    `${by === 'email' ? 'This e-mail address' : 'This client address'} already has ${limit} unpaid ${limit === 1 ? 'order' : 'orders'} waiting for payment. Pay or cancel one of them, or choose a payment method that pays at once.`,
  );

/** The address an order is counted under: an IPv6 client usually holds a whole /64. */
export function placedFrom(ip: string | undefined): string | null {
  return ip ? normalizeIP(ip, 64).slice(0, 64) : null;
}

/**
 * Unpaid orders that hold stock beyond the store's ordinary timeout (a bank transfer, cash on
 * delivery: their gateway asked for a `hold_until`) are limited per e-mail and per client address
 * (store setting `max_unpaid_orders`, 0: no limit), so that anonymous orders cannot hold all of a
 * product's stock for days. Checked inside the pay transaction after the payment started: a pay
 * beyond the limit is 409 `too_many_unpaid_orders` and rolls back (no order, no reservation), and the
 * shopper may pay the same checkout with a method that pays at once. Staff and API keys are not
 * limited (they place orders for customers).
 */
export async function checkUnpaidOrderLimit(
  deps: CheckoutDeps,
  trx: Knex.Transaction,
  input: { order: OrderRecord; principal: Principal; ip?: string; holdBefore: Date | null },
): Promise<void> {
  const limit = deps.settings.get().max_unpaid_orders ?? 0;
  if (limit <= 0 || isStaffLike(input.principal)) return;
  const { order } = input;
  const holdUntil = order.hold_until;
  const now = deps.clock.now();
  // Only a pay that (re)started a hold is limited: paying a held order again by card is always allowed.
  if (!holdUntil || holdUntil <= now || holdUntil.getTime() === input.holdBefore?.getTime()) return;
  const held = () =>
    trx('orders')
      .where('status', 'pending')
      .andWhere('fulfillment_status', 'unfulfilled')
      .andWhere('hold_until', '>', now)
      .andWhereNot('id', order.id);
  const count = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
  if ((await count(held().whereRaw('lower(email) = ?', [String(order.email).toLowerCase()]))) >= limit) throw tooManyUnpaidOrders(limit, 'email');
  const stored = await trx('orders').where({ id: order.id }).first('placed_from');
  const address = stored?.placed_from ?? placedFrom(input.ip);
  if (address && (await count(held().andWhere('placed_from', address))) >= limit) throw tooManyUnpaidOrders(limit, 'address');
}
