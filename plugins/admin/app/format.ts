/** Money as the API gives it (`{amount: "12.50", currency}`), shown with the browser's conventions. */
export function formatMoney(money: { amount: string; currency: string } | null | undefined): string {
  if (!money) return '—';
  try {
    // The amount stays a string until here: the display is the only place it becomes a number.
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: money.currency }).format(Number(money.amount));
  } catch {
    return `${money.amount} ${money.currency}`;
  }
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
