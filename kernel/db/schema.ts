import type { Knex } from 'knex';

/**
 * Column conventions every migration uses, so both databases get the same shapes:
 * bigint ids, millisecond UTC datetimes, money as bigint minor units.
 */
export function timestamps(table: Knex.CreateTableBuilder): void {
  table.datetime('created_at', { precision: 3 }).notNullable();
  table.datetime('updated_at', { precision: 3 }).notNullable();
}

export function datetime(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.datetime(name, { precision: 3 });
}

export function money(table: Knex.CreateTableBuilder, name: string): Knex.ColumnBuilder {
  return table.bigInteger(name);
}

/** A bigint foreign key column with its index (MySQL adds one itself; SQLite does not). */
export function reference(table: Knex.CreateTableBuilder, name: string, target: string): Knex.ReferencingColumnBuilder {
  return table.bigInteger(name).unsigned().references('id').inTable(target);
}

/** An index a migration adds: its columns, in order, and its name. */
export type IndexSpec = [columns: string[], name: string];

/**
 * The `up` and `down` of a migration that only adds indexes to one table (and drops them again):
 * `export const { up, down } = indexMigration('orders', [[['total'], 'orders_total_idx']]);`.
 */
export function indexMigration(table: string, indexes: IndexSpec[]): { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> } {
  return {
    up: (knex) => knex.schema.alterTable(table, (t) => {
      for (const [columns, name] of indexes) t.index(columns, name);
    }),
    down: (knex) => knex.schema.alterTable(table, (t) => {
      for (const [columns, name] of indexes) t.dropIndex(columns, name);
    }),
  };
}
