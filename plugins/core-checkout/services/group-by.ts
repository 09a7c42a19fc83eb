/** Rows by a key, each group in the rows' order: the shape the `…Rows.ofOrders` / `itemsOf` readers return. */
export function groupBy<K, T>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}
