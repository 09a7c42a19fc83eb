import { Levels } from './levels.ts';
import type { Db, LevelRow } from './records.ts';

/** A conditional level update: applies k units to level `id` only if they are there (affected rows). */
export type ConditionalOp = (db: Db, id: number, k: number, now: Date) => Promise<boolean>;

export interface Step {
  level: LevelRow;
  quantity: number;
}

/**
 * Serves `need` units of one variant from `levels` (its active warehouses in allocation order) with a
 * conditional update `op` (reserve them, or take unreserved units off the shelf).
 *
 * First pass: one warehouse for the whole line, trying each in order with `op` (… WHERE quantity −
 * reserved >= need); the first that succeeds serves it. No read decides anything: the database checks
 * the condition on the row as it is, so concurrent transactions cannot both take the last units.
 *
 * Second pass, when no single warehouse could (stock is split, or another transaction won the race for
 * it): each level in the same order is re-read under a row lock, so what it holds now is known, and
 * gets `op` for what it can give. Both passes lock levels in allocation order, so two allocations of
 * the same variant never wait on each other crosswise (no deadlock).
 *
 * Returns the steps taken and how many units could not be served (`short`).
 */
export async function allocate(db: Db, levels: LevelRow[], need: number, op: ConditionalOp, now: Date): Promise<{ steps: Step[]; short: number }> {
  for (const level of levels) {
    if (await op(db, level.id, need, now)) return { steps: [{ level, quantity: need }], short: 0 };
  }
  const steps: Step[] = [];
  let remaining = need;
  for (const candidate of levels) {
    if (remaining === 0) break;
    const level = await Levels.lock(db, candidate.id);
    if (!level) continue;
    const k = Math.min(remaining, level.quantity - level.reserved);
    if (k <= 0) continue;
    if (!(await op(db, level.id, k, now))) continue;
    steps.push({ level: { ...candidate, ...level }, quantity: k });
    remaining -= k;
  }
  return { steps, short: remaining };
}
