import crypto from 'node:crypto';
import type { Clock } from '../../../kernel/clock.ts';
import { addressKey } from './address-throttle.ts';
import type { Db } from './users.ts';

/** The device cookie: a random token naming a browser (or app) that has logged in successfully. */
export const DEVICE_COOKIE = 'trusted_device';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** How long a device or address stays trusted after its last successful login. */
export const TRUST_DAYS = 90;
const DAY_MS = 86_400_000;

const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** How an attempt's client is known to an account. */
export interface Trust {
  /** The `trusted_clients` row of the device cookie it presented, when that device logged in to the account before. */
  deviceId?: number;
  /** It comes from an address the account logged in from before. */
  knownAddress: boolean;
}

/**
 * Device cookies and known addresses (OWASP's "device cookies"): a successful login remembers the
 * client's device token and its address for the account. Attempts from such clients are counted on
 * their own and pass the account-wide ceiling that attempts from unknown clients meet, so failures
 * sprayed from many addresses cannot lock the owner out. Only hashes are stored.
 */
export class TrustedClients {
  constructor(private readonly clock: Clock) {}

  async trustOf(db: Db, userId: number, client: { ip: string; deviceToken?: string }): Promise<Trust> {
    const candidates = [{ kind: 'address', value_hash: sha256(addressKey(client.ip)) }];
    if (client.deviceToken && TOKEN_SHAPE.test(client.deviceToken)) candidates.push({ kind: 'device', value_hash: sha256(client.deviceToken) });
    const since = new Date(this.clock.now().getTime() - TRUST_DAYS * DAY_MS);
    const rows = await db('trusted_clients')
      .where({ user_id: userId })
      .andWhere('last_used_at', '>', since)
      .andWhere((q) => {
        for (const c of candidates) q.orWhere(c);
      })
      .select('id', 'kind');
    const device = rows.find((r) => r.kind === 'device');
    return { deviceId: device ? Number(device.id) : undefined, knownAddress: rows.some((r) => r.kind === 'address') };
  }

  /**
   * After a successful login: the address and the device become (or stay) trusted for the account.
   * Answers the device token to set as the cookie: the one the client already holds (a browser shared
   * by several accounts keeps one token), or a new one.
   */
  async remember(db: Db, userId: number, client: { ip: string; deviceToken?: string }): Promise<string> {
    const token = client.deviceToken && TOKEN_SHAPE.test(client.deviceToken) ? client.deviceToken : crypto.randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const rows = [
      { user_id: userId, kind: 'address', value_hash: sha256(addressKey(client.ip)), created_at: now, last_used_at: now },
      { user_id: userId, kind: 'device', value_hash: sha256(token), created_at: now, last_used_at: now },
    ];
    await db('trusted_clients').insert(rows).onConflict(['user_id', 'kind', 'value_hash']).merge(['last_used_at']);
    return token;
  }

  /** Forgets clients unused for TRUST_DAYS (a recurring job). */
  async purge(db: Db): Promise<number> {
    return db('trusted_clients').where('last_used_at', '<=', new Date(this.clock.now().getTime() - TRUST_DAYS * DAY_MS)).delete();
  }
}
