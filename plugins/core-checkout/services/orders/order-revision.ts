import type { Knex } from 'knex';
import type { Db } from '../../contracts.ts';

/**
 * An order's revision (migration 011) goes up in the transaction of every write to the order or to
 * anything its API view shows: its items, payments, shipments and refunds. The order memo
 * (order-memo.ts) keeps each order's JSON under its revision, so a write that did not raise it would
 * leave a stale answer; every write to those tables goes through the *Rows modules, which raise it here.
 *
 * Once per transaction is enough (the committed revision then differs from every one seen before it),
 * so the orders a transaction has raised, or placed (no one sees an order before its placing commits),
 * are remembered for that transaction object: a payment written after its order's row was updated costs
 * no extra statement. A savepoint is a transaction object of its own, so what it raised is not assumed
 * by the transaction around it, which may outlive its rollback.
 */
const raisedIn = new WeakMap<object, Set<number>>();

function raisedBy(db: Db): Set<number> | undefined {
  if (!(db as Knex.Transaction).isTransaction) return undefined;
  let raised = raisedIn.get(db);
  if (!raised) raisedIn.set(db, (raised = new Set()));
  return raised;
}

/** The column change of an update of the order's own row that raises its revision. */
export function revisionUp(db: Db): { revision: Knex.Raw } {
  return { revision: db.raw('?? + 1', ['revision']) };
}

/** Records that this transaction raised the order's revision (an update with `revisionUp` changed its row) or placed it. */
export function revisionRaised(db: Db, orderId: number): void {
  raisedBy(db)?.add(orderId);
}

/** Raises the order's revision for a write to something its view shows, unless this transaction did already. */
export async function raiseOrderRevision(db: Db, orderId: number): Promise<void> {
  const raised = raisedBy(db);
  if (raised?.has(orderId)) return;
  await db('orders').where('id', orderId).update(revisionUp(db));
  raised?.add(orderId);
}
