import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The hosted payment page's two secrets, both HMAC-SHA256 of the checkout id keyed with a secret made
 * once per store (migration 005) and shared by every instance through the database:
 *
 * - the page key, carried in `payment_url` (`?key=`): whoever holds the URL may open the page without
 *   a session (a mobile app hands it to the system browser, which has no cookie), also after paying;
 *   without it a customer's checkout is shown only to that customer and staff;
 * - the form token: a form post without the token of its own checkout is refused, so another site
 *   cannot make a shopper's browser pay; it is only shown to whoever may see the page.
 *
 * Both are derived with distinct labels, so neither can stand in for the other.
 */
export class PayPageTokens {
  private secret?: Buffer;

  constructor(private readonly baseUrl: string) {}

  /** Reads the secret (at boot, before the first request). */
  async load(knex: Knex): Promise<void> {
    const row = await knex('checkout_secrets').where('name', 'pay_page').first('value');
    if (!row) throw new Error('core-checkout: the pay_page secret is missing (migration 005 not applied?).');
    this.secret = Buffer.from(row.value);
  }

  private mac(label: string, checkoutId: string): string {
    if (!this.secret) throw new Error('core-checkout: pay page tokens are used before the store booted.');
    return crypto.createHmac('sha256', this.secret).update(`${label}:${checkoutId.toLowerCase()}`).digest('base64url');
  }

  private static same(expected: string, given: unknown): boolean {
    if (typeof given !== 'string') return false;
    const a = Buffer.from(expected);
    const b = Buffer.from(given);
    return a.length === b.length && crypto.timingSafeEqual(a, b);
  }

  tokenFor(checkoutId: string): string {
    return this.mac('pay-page', checkoutId);
  }

  verify(checkoutId: string, token: unknown): boolean {
    return PayPageTokens.same(this.tokenFor(checkoutId), token);
  }

  /** The key of `payment_url` that opens the page on its own. */
  keyFor(checkoutId: string): string {
    return this.mac('pay-page-key', checkoutId);
  }

  verifyKey(checkoutId: string, key: unknown): boolean {
    return PayPageTokens.same(this.keyFor(checkoutId), key);
  }

  /** The checkout's hosted payment page (`payment_url`), also the gateways' return page. */
  url(checkoutId: string): string {
    return `${this.baseUrl}/checkout/${checkoutId}/pay/?key=${this.keyFor(checkoutId)}`;
  }
}
