/**
 * Sums of API amounts without floating point: decimal strings become integers of the smallest unit
 * that both carry, and back.
 */
function parts(amount: string): [bigint, number] {
  const negative = amount.startsWith('-');
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  const value = BigInt(`${whole}${fraction}` || '0');
  return [negative ? -value : value, fraction.length];
}

export function addMoney(a: string, b: string): string {
  const [x, dx] = parts(a);
  const [y, dy] = parts(b);
  const scale = Math.max(dx, dy);
  const sum = x * 10n ** BigInt(scale - dx) + y * 10n ** BigInt(scale - dy);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}
