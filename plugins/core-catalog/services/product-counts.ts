import type { Knex } from 'knex';
import type { Db, ProductStatus } from './records.ts';

/** Rows per status in `product_counts` (migration 014 created them all). */
export const PRODUCT_COUNT_SLOTS = 16;

// Each transaction adds to one slot of its own, so that transactions writing products at the same time
// never wait for each other's count row (a slot's row stays locked until its transaction ends on
// MySQL/MariaDB). A slot's row is a share of the status's number, not the products of that slot: a
// product created in one slot and deleted in another leaves the sum right, and one slot may go below
// zero. Slots are handed out per process; instances may share one, which only makes them wait.
const slotOfTransaction = new WeakMap<object, number>();
const slotsInUse = new Set<number>();
let nextSlot = Math.floor(Math.random() * PRODUCT_COUNT_SLOTS);

function slotFor(db: Db): number {
  const trx = (db as Knex.Transaction).isTransaction ? (db as Knex.Transaction) : undefined;
  const kept = trx && slotOfTransaction.get(trx);
  if (kept !== undefined) return kept;
  let slot = nextSlot;
  for (let i = 0; i < PRODUCT_COUNT_SLOTS; i++) {
    const candidate = (nextSlot + i) % PRODUCT_COUNT_SLOTS;
    if (!slotsInUse.has(candidate)) {
      slot = candidate;
      break;
    }
  }
  nextSlot = (slot + 1) % PRODUCT_COUNT_SLOTS;
  if (trx) {
    slotOfTransaction.set(trx, slot);
    slotsInUse.add(slot);
    const release = () => slotsInUse.delete(slot);
    trx.executionPromise.then(release, release);
  }
  return slot;
}

/**
 * Adds `delta` to the number of products with `status`, in the caller's transaction. The product
 * service calls it wherever a product is created, changes status or is deleted, so that the sum of a
 * status's rows always equals what counting its products would give.
 */
export async function adjustProductCount(db: Db, status: ProductStatus, delta: number): Promise<void> {
  const slot = slotFor(db);
  const changed = await db('product_counts').where({ status, slot }).increment('n', delta);
  // Writers only update: a status added later needs a migration that creates its slots.
  if (!changed) throw new Error(`product_counts has no slot ${slot} for status "${status}"`);
}

/** How many products have one of these statuses: a sum over 16 rows per status. */
export async function countProducts(db: Db, statuses: readonly ProductStatus[]): Promise<number> {
  if (statuses.length === 0) return 0;
  const row = await db('product_counts').whereIn('status', statuses).sum({ n: 'n' }).first();
  return Number(row?.n ?? 0);
}
