import crypto from 'node:crypto';

/** The header Acme signs its notifications with: lowercase hex HMAC-SHA256 of the raw body. */
export const SIGNATURE_HEADER = 'x-acme-signature';

/** Used only when ACME_WEBHOOK_SECRET is unset: fine for tests and a local try-out, never for a live store. */
export const DEVELOPMENT_SECRET = 'acme-development-secret';

/** The signature Acme puts on a body (tests use it to play Acme's servers). */
export function sign(rawBody: Buffer | string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Whether a signature header is the body's, compared in constant time (a plain `===` leaks through timing). */
export function isSignedBy(rawBody: Buffer, header: unknown, secret: string): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  return crypto.timingSafeEqual(Buffer.from(header, 'hex'), Buffer.from(sign(rawBody, secret), 'hex'));
}
