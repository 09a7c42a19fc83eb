import { normalizeIP } from '@fastify/rate-limit';
import type { Knex } from 'knex';
import { conflict, type AppError } from '../../../../kernel/http/errors.ts';
import { forUpdate } from '../../../../kernel/db/dialect.ts';
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
 * (store setting `max_unpaid_orders`, 0: no limit), so that anonymous orders cannot hold a product's
 * stock for days. Checked when a gateway's answer asks for a hold: beyond the limit the answer is this
 * 409 `too_many_unpaid_orders` (the caller withdraws the payment and grants no hold; the order waits the
 * ordinary timeout, and the shopper may pay it with a method that pays at once). Staff and API keys are
 * not limited (they place orders for customers). Null: the hold may be granted.
 *
 * Held orders are counted under the order-number row's lock, so two holds asked at once are counted one
 * after the other (neither slips past the limit unseen by the other); only pays that ask for a hold take it.
 */
export async function unpaidOrderLimitRefusal(
  deps: CheckoutDeps,
  trx: Knex.Transaction,
  input: { order: OrderRecord; holdUntil: Date; principal: Principal; ip?: string },
): Promise<AppError | null> {
  const limit = deps.settings.get().max_unpaid_orders ?? 0;
  if (limit <= 0 || isStaffLike(input.principal)) return null;
  const { order, holdUntil } = input;
  const now = deps.clock.now();
  // Only a pay that (re)starts a hold is limited: paying a held order again by card is always allowed.
  if (holdUntil <= now || holdUntil.getTime() === order.hold_until?.getTime()) return null;
  await forUpdate(trx, trx('order_counters').where('name', 'order_number')).first('value');
  const held = () =>
    trx('orders')
      .where('status', 'pending')
      .andWhere('fulfillment_status', 'unfulfilled')
      .andWhere('hold_until', '>', now)
      .andWhereNot('id', order.id);
  const count = async (q: Knex.QueryBuilder) => Number((await q.count({ n: '*' }).first())?.n ?? 0);
  if ((await count(held().whereRaw('lower(email) = ?', [String(order.email).toLowerCase()]))) >= limit) return tooManyUnpaidOrders(limit, 'email');
  const stored = await trx('orders').where({ id: order.id }).first('placed_from');
  const address = stored?.placed_from ?? placedFrom(input.ip);
  if (address && (await count(held().andWhere('placed_from', address))) >= limit) return tooManyUnpaidOrders(limit, 'address');
  return null;
}
