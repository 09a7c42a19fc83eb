import crypto from 'node:crypto';

export const PASSWORD_MIN_LENGTH = 8;
/** The upper bound keeps a login with a huge password cheap to refuse. */
export const PASSWORD_MAX_LENGTH = 128;

interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

// About 70 ms and 32 MiB per hash on the machines here; stored with each hash, so it can be raised later.
const CURRENT: ScryptParams = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
// Refuse parameters that would let a tampered hash make one verification arbitrarily expensive.
const MAX_N = 2 ** 20;

function scrypt(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  const maxmem = 256 * params.N * params.r + 1024 * 1024;
  return new Promise((resolve, reject) =>
    crypto.scrypt(password.normalize('NFKC'), salt, keylen, { ...params, maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

interface Parsed extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > MAX_N || r > 32 || p > 16) return undefined;
  const salt = Buffer.from(parts[4], 'base64url');
  const hash = Buffer.from(parts[5], 'base64url');
  if (salt.length === 0 || hash.length < 16) return undefined;
  return { N, r, p, salt, hash };
}

/**
 * Password hashing with scrypt from node:crypto: `scrypt$N$r$p$salt$hash`, so each hash carries its
 * own cost parameters and old hashes keep verifying after the defaults are raised.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;

  /** Hashes a new password with a random 16-byte salt. */
  async hash(password: string): Promise<string> {
    const salt = crypto.randomBytes(SALT_BYTES);
    const key = await scrypt(password, salt, KEY_LENGTH, CURRENT);
    return ['scrypt', CURRENT.N, CURRENT.r, CURRENT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
  }

  /** Checks a password against a stored hash in constant time; a malformed hash never verifies. */
  async verify(password: string, stored: string): Promise<boolean> {
    const parsed = parse(stored);
    if (!parsed) return false;
    const key = await scrypt(password, parsed.salt, parsed.hash.length, parsed);
    return crypto.timingSafeEqual(key, parsed.hash);
  }

  /** Spends one hash's time for an unknown account, so response times do not reveal which e-mails exist. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash(crypto.randomBytes(16).toString('hex'));
    await this.verify(password, await this.dummy);
    return false;
  }

  /** True when a hash was made with other parameters than today's: rehash it at the next login. */
  needsRehash(stored: string): boolean {
    const parsed = parse(stored);
    return !parsed || parsed.N !== CURRENT.N || parsed.r !== CURRENT.r || parsed.p !== CURRENT.p || parsed.hash.length !== KEY_LENGTH;
  }
}

/** A strong random password for generated accounts (owner bootstrap): 24 URL-safe characters. */
export function generatePassword(): string {
  return crypto.randomBytes(18).toString('base64url');
}
