import { LRUCache } from 'lru-cache';
import type { Db } from '../../contracts.ts';
import type { OrderService } from './order-service.ts';
import type { OrderRecord } from './order-rows.ts';
import type { OrderView } from './order-view.ts';

/** What the memo needs of an order to tell whether its kept JSON is current. */
export interface OrderRef {
  id: number;
  revision: number;
}

/** Turns one order view into its JSON, exactly as the routes' response schema writes it. */
export type OrderSerializer = (view: OrderView) => string;

/** Memory for kept orders: about 2,000 orders with their items at 2 KB each. */
export const ORDER_MEMO_BYTES = 4 * 1024 * 1024;

interface Kept {
  revision: number;
  /** UTF-8, as it is sent (kept-json.ts `pageBytes`). */
  json: Buffer;
}

/**
 * Each order's serialised JSON, with and without its items, kept under the order's revision (raised in
 * the transaction of every write to the order, its items, payments, shipments and refunds:
 * order-revision.ts). A page of an order list is then its page query of ids and revisions and a
 * concatenation, instead of reading the orders' rows, items, payments, shipments and refunds and
 * serialising them on every request: the admin panel's and the customers' order lists are never
 * answered from the response cache.
 *
 * Never stale, because nothing is invalidated: every request reads the revisions. What is built is kept
 * under the revision of the order's row it was built from; its items, payments, shipments and refunds
 * are read after that row, so they are as new as it or newer (a write committing in between raised the
 * revision past the one kept, which no later request reads). An order's JSON does not depend on who asks
 * (staff and customers are shown the same order; who may see which order is the page query's business).
 */
export class OrderMemo {
  private readonly kept = new LRUCache<string, Kept>({ maxSize: ORDER_MEMO_BYTES, sizeCalculation: (k) => k.json.length + 64 });

  constructor(private readonly orders: OrderService) {}

  /**
   * The orders' JSON (UTF-8) in the order given: kept where current, built (and kept) where not. `load` reads the
   * rows of the orders to build (the caller's visibility applied again), so a page whose orders are all
   * kept reads only their ids and revisions. An order `load` no longer finds is left out.
   */
  async serialized(db: Db, refs: OrderRef[], opts: { items: boolean }, serialize: OrderSerializer, load: (ids: number[]) => Promise<OrderRecord[]>): Promise<Buffer[]> {
    const out: Array<Buffer | undefined> = new Array(refs.length);
    const missing: number[] = [];
    for (const [at, ref] of refs.entries()) {
      const kept = this.kept.get(keyOf(ref.id, opts.items));
      if (kept?.revision === ref.revision) out[at] = kept.json;
      else missing.push(at);
    }
    if (missing.length > 0) {
      const records = await load(missing.map((at) => refs[at]!.id));
      const views = new Map((await this.orders.views(db, records, opts)).map((v) => [v.id, v]));
      const revisions = new Map(records.map((r) => [r.id, r.revision]));
      for (const at of missing) {
        const view = views.get(refs[at]!.id);
        if (!view) continue;
        const json = Buffer.from(serialize(view));
        out[at] = json;
        this.kept.set(keyOf(view.id, opts.items), { revision: revisions.get(view.id)!, json });
      }
    }
    return out.filter((json): json is Buffer => json !== undefined);
  }
}

function keyOf(id: number, items: boolean): string {
  return items ? `${id}+items` : String(id);
}
