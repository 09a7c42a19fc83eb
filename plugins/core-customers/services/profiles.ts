import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { forUpdate } from '../../../kernel/db/dialect.ts';
import { profileFromRow, type Db, type Profile } from './records.ts';

const TABLE = 'customer_profiles';

/**
 * The `customer_profiles` rows: what a customer account holds beyond core-auth's user. A row is made
 * on the first write; until then a customer has the defaults.
 */
export class ProfileStore {
  constructor(private readonly clock: Clock) {}

  async find(db: Db, userId: number): Promise<Profile> {
    return profileFromRow(await db(TABLE).where('user_id', userId).first());
  }

  /** The profiles of several customers (one query), by user id. */
  async findMany(db: Db, userIds: number[]): Promise<Map<number, Profile>> {
    const rows = userIds.length ? await db(TABLE).whereIn('user_id', userIds) : [];
    const byId = new Map(rows.map((r: any) => [Number(r.user_id), profileFromRow(r)]));
    return new Map(userIds.map((id) => [id, byId.get(id) ?? profileFromRow(undefined)]));
  }

  /**
   * Locks the customer's row for the rest of `trx`, making it when missing: every change to a
   * customer's profile, addresses and defaults goes through this lock, so two requests cannot both take
   * the last address slot or both set a default. An upsert rather than insert-if-missing: on MySQL a
   * duplicate insert holds a shared lock, and two of those upgrading to the row lock would deadlock;
   * the upsert takes the exclusive lock at once.
   */
  async lock(trx: Knex.Transaction, userId: number): Promise<Profile> {
    const now = this.clock.now();
    await trx(TABLE).insert({ user_id: userId, accepts_marketing: false, created_at: now, updated_at: now }).onConflict('user_id').merge(['user_id']);
    return profileFromRow(await forUpdate(trx, trx(TABLE).where('user_id', userId)).first());
  }

  /** Writes some profile fields (the row is created when missing). */
  async update(trx: Knex.Transaction, userId: number, fields: Partial<Profile>): Promise<void> {
    if (Object.keys(fields).length === 0) return;
    await this.lock(trx, userId);
    await trx(TABLE).where('user_id', userId).update({ ...fields, updated_at: this.clock.now() });
  }
}
