import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../kernel/clock.ts';
import type { Db } from './seeder.ts';

export type Trigger = 'boot' | 'cli';

const BOOT_SEEDED = 'boot:seeded';
const BOOT_DECLINED = 'boot:declined';

/**
 * `demo_data_runs`, this plugin's own table: one row per seeding, and one when a start decided not to
 * seed. These rows, not the catalogue, decide later starts: a store whose products were all deleted
 * is not seeded again.
 */
export class DemoRuns {
  constructor(private readonly clock: Clock) {}

  /** Whether demo data was ever seeded here, at boot or by `seed demo`. */
  async everSeeded(db: Db): Promise<boolean> {
    return (await db('demo_data_runs').where('outcome', 'seeded').first('id')) !== undefined;
  }

  /** Whether an earlier start (DEMO_DATA=false, or a catalogue that was not empty) decided not to seed. */
  async declined(db: Db): Promise<boolean> {
    return (await db('demo_data_runs').where('run_key', BOOT_DECLINED).first('id')) !== undefined;
  }

  async decline(db: Db): Promise<void> {
    await db('demo_data_runs')
      .insert({ run_key: BOOT_DECLINED, trigger: 'boot', outcome: 'declined', products: 0, variants: 0, created_at: this.clock.now() })
      .onConflict('run_key')
      .ignore();
  }

  /**
   * Claims a seeding inside its transaction. The boot seeding has one key, so an instance that raced
   * another gets `false` (once the other commits, on MySQL; SQLite has one writer anyway).
   */
  async claim(trx: Knex.Transaction, trigger: Trigger): Promise<{ id: number } | false> {
    const runKey = trigger === 'boot' ? BOOT_SEEDED : `cli:${randomUUID()}`;
    try {
      const [id] = await trx('demo_data_runs').insert({ run_key: runKey, trigger, outcome: 'seeded', products: 0, variants: 0, created_at: this.clock.now() });
      return { id: Number(id) };
    } catch (err) {
      const code = String((err as { code?: string }).code ?? '');
      if (code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT')) return false;
      throw err;
    }
  }

  async finish(trx: Knex.Transaction, id: number, counts: { products: number; variants: number }): Promise<void> {
    await trx('demo_data_runs').where('id', id).update(counts);
  }
}
