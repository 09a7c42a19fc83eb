import crypto from 'node:crypto';

// Bytes drawn from the operating system's CSPRNG a pool at a time: one `randomBytes(32)` took 6 µs on
// the machines the store is measured on (16 µs under load), most of it the call into the generator,
// and every first visit to a storefront page makes a form token (bench/README.md, "A visitor's form
// token"). Node's `randomUUID` keeps such a pool for the same reason.
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

/**
 * A secret token of `bytes` random bytes (32 by default; at most 4,096), base64url. Each byte is used
 * once and cleared from the pool when taken.
 */
export function randomToken(bytes = 32): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > POOL_BYTES) throw new RangeError(`randomToken takes 1 to ${POOL_BYTES} bytes, not ${bytes}.`);
  if (next + bytes > POOL_BYTES) {
    crypto.randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + bytes);
  pool.fill(0, next, next + bytes);
  next += bytes;
  return token;
}
