import type { Visit } from '../../visit.ts';

/** The visitor's cart through the API, in their currency; null when they have none yet. */
export async function sessionCart(visit: Visit): Promise<any | null> {
  const res = await visit.call('GET', visit.inCurrency('/api/v1/cart/'));
  return res.status === 200 ? res.body : null;
}

/** The API's refusal in one line: its detail, and the first field message when it names fields. */
export function refusal(body: any): string {
  const detail = typeof body?.detail === 'string' ? body.detail : '';
  const errors = body?.errors && typeof body.errors === 'object' ? Object.values(body.errors as Record<string, string[]>).flat() : [];
  const first = errors.find((e) => typeof e === 'string' && !detail.includes(e));
  return [detail, first].filter(Boolean).join(' ');
}
