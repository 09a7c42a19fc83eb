/**
 * Another table's row selected beside a statement's own (a join that reads two rows in one round
 * trip), its columns renamed so that none collides: `carts.status as cart__status`.
 */
export function prefixedColumns(table: string, prefix: string, columns: readonly string[]): string[] {
  return columns.map((c) => `${table}.${c} as ${prefix}${c}`);
}

/** The columns `prefixedColumns` selected, back under their own names. */
export function unprefixed(row: Record<string, unknown>, prefix: string, columns: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(columns.map((c) => [c, row[`${prefix}${c}`]]));
}
