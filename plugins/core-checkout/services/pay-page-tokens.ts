import crypto from 'node:crypto';
import type { Knex } from 'knex';

/**
 * The hosted payment page's form token: an HMAC-SHA256 of the checkout id, keyed with a secret made
 * once per store (migration 005) and shared by every instance through the database. A form post
 * without the token of its own checkout is refused, so another site cannot make a shopper's browser
 * pay; the token is only shown to whoever may see the page.
 */
export class PayPageTokens {
  private secret?: Buffer;

  /** Reads the secret (at boot, before the first request). */
  async load(knex: Knex): Promise<void> {
    const row = await knex('checkout_secrets').where('name', 'pay_page').first('value');
    if (!row) throw new Error('core-checkout: the pay_page secret is missing (migration 005 not applied?).');
    this.secret = Buffer.from(row.value);
  }

  tokenFor(checkoutId: string): string {
    if (!this.secret) throw new Error('core-checkout: pay page tokens are used before the store booted.');
    return crypto.createHmac('sha256', this.secret).update(`pay-page:${checkoutId}`).digest('base64url');
  }

  verify(checkoutId: string, token: unknown): boolean {
    if (typeof token !== 'string') return false;
    const expected = Buffer.from(this.tokenFor(checkoutId));
    const given = Buffer.from(token);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }
}
