import type { StoredReference } from './lines.ts';
import type { Db } from './records.ts';
import { chunks } from './levels.ts';

const TABLE = 'inventory_reservations';

/** A live reservation: units of a variant promised to a reference, at a level or backordered (no level). */
export interface ReservationRow {
  id: number;
  reference: StoredReference;
  variant_id: number;
  warehouse_id: number | null;
  level_id: number | null;
  quantity: number;
}

export interface NewReservation {
  variant_id: number;
  warehouse_id: number | null;
  level_id: number | null;
  quantity: number;
}

function fromRow(row: any): ReservationRow {
  const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    id: Number(row.id),
    reference: { type: row.reference_type, id: String(row.reference_id) },
    variant_id: Number(row.variant_id),
    warehouse_id: nullable(row.warehouse_id),
    level_id: nullable(row.level_id),
    quantity: Number(row.quantity),
  };
}

/** The `inventory_reservations` table: the rows whose sums every level's `reserved` equals. */
export const ReservationRows = {
  async insert(db: Db, reference: StoredReference, rows: NewReservation[], now: Date): Promise<void> {
    const records = rows.map((r) => ({ reference_type: reference.type, reference_id: reference.id, ...r, created_at: now }));
    for (const chunk of chunks(records, 500)) await db(TABLE).insert(chunk);
  },

  /** The live reservations of a reference, oldest first. */
  async ofReference(db: Db, reference: StoredReference): Promise<ReservationRow[]> {
    const rows = await db(TABLE).where({ reference_type: reference.type, reference_id: reference.id }).orderBy('id');
    return rows.map(fromRow);
  },

  /** The live reservations held at a level, newest first (the first to lose their units). */
  async atLevel(db: Db, levelId: number): Promise<ReservationRow[]> {
    return (await db(TABLE).where('level_id', levelId).orderBy('id', 'desc')).map(fromRow);
  },

  /** Takes k units off a reservation, deleting it when none are left; returns the units left. */
  async reduce(db: Db, row: ReservationRow, k: number): Promise<number> {
    row.quantity -= k;
    if (row.quantity === 0) await db(TABLE).where('id', row.id).delete();
    else await db(TABLE).where('id', row.id).update({ quantity: row.quantity });
    return row.quantity;
  },

  async deleteOfReference(db: Db, reference: StoredReference): Promise<void> {
    await db(TABLE).where({ reference_type: reference.type, reference_id: reference.id }).delete();
  },

  /** The variants among these with live reservations (held or backordered). */
  async variantsWithReservations(db: Db, variantIds: number[]): Promise<number[]> {
    if (variantIds.length === 0) return [];
    const rows = await db(TABLE).whereIn('variant_id', variantIds).distinct('variant_id');
    return rows.map((r: any) => Number(r.variant_id));
  },
};
