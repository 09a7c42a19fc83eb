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
