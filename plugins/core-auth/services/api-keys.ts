import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { batchedRead } from '../../../kernel/db/batched-reads.ts';
import { parseJson, toDate, toIso } from '../../../kernel/db/dialect.ts';
import type { Db } from './users.ts';

export type KeyMode = 'live' | 'test';

const KEY_SHAPE = /^sk_(live|test)_[A-Za-z0-9_-]{43}$/;
// last_used_at is a hint for operators, not an audit log: one write per key per minute at most.
const TOUCH_EVERY_MS = 60_000;

/** A row of `api_keys` (without the hash, which never leaves this service). */
export interface ApiKey {
  id: number;
  name: string;
  mode: KeyMode;
  last4: string;
  scopes: string[];
  created_by: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** An API key as the API shows it: never the key, never its hash. */
export interface ApiKeyView {
  id: number;
  name: string;
  mode: KeyMode;
  last4: string;
  scopes: string[];
  created_by: number | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export function hashKey(key: string): string {
  return crypto.createHash('sha256').update(key).digest('hex');
}

export const API_KEY_COLUMNS = ['id', 'name', 'mode', 'last4', 'scopes', 'created_by', 'created_at', 'last_used_at', 'revoked_at'];

// A key by its hash: the requests of one turn that present a key are looked up in one statement on
// MySQL/MariaDB (db/batched-reads.ts).
const keyByHash = batchedRead(
  (db: Knex, hashes: string[]) => db('api_keys').whereIn('key_hash', hashes).select([...API_KEY_COLUMNS, 'key_hash']),
  (row) => String(row.key_hash),
);

function fromRow(row: any): ApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    mode: row.mode,
    last4: row.last4,
    scopes: parseJson<string[]>(row.scopes, []),
    created_by: row.created_by === null || row.created_by === undefined ? null : Number(row.created_by),
    created_at: toDate(row.created_at)!,
    last_used_at: toDate(row.last_used_at),
    revoked_at: toDate(row.revoked_at),
  };
}

/** API keys: created with a random secret shown once, stored as SHA-256 plus the last 4 characters. */
export class ApiKeyService {
  constructor(private readonly clock: Clock) {}

  /** Creates a key; the returned `key` is the only time the secret exists outside the caller's hands. */
  async create(db: Db, input: { name: string; mode: KeyMode; scopes?: string[]; createdBy?: number | null }): Promise<{ apiKey: ApiKey; key: string }> {
    const key = `sk_${input.mode}_${crypto.randomBytes(32).toString('base64url')}`;
    const row = {
      name: input.name,
      mode: input.mode,
      key_hash: hashKey(key),
      last4: key.slice(-4),
      scopes: JSON.stringify([...new Set(input.scopes ?? [])]),
      created_by: input.createdBy ?? null,
      created_at: this.clock.now(),
      last_used_at: null,
      revoked_at: null,
    };
    const [id] = await db('api_keys').insert(row);
    return { apiKey: fromRow({ ...row, id: Number(id) }), key };
  }

  /** One key by id (revoked ones too), or undefined. */
  async get(db: Db, id: number): Promise<ApiKey | undefined> {
    const row = await db('api_keys').where({ id }).first(API_KEY_COLUMNS);
    return row ? fromRow(row) : undefined;
  }

  /** The base query of the key list; routes page it, the CLI reads it whole. */
  query(db: Db): Knex.QueryBuilder {
    return db('api_keys').select(API_KEY_COLUMNS);
  }

  /** Maps listed rows to keys. */
  fromRows(rows: any[]): ApiKey[] {
    return rows.map(fromRow);
  }

  /** Revokes a key at once (every request checks the table); revoking again keeps the first time. */
  async revoke(db: Db, id: number): Promise<ApiKey | undefined> {
    await db('api_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: this.clock.now() });
    return this.get(db, id);
  }

  /**
   * The live (unrevoked) key matching a presented secret, or undefined. The lookup goes by hash and
   * the hashes are compared again in constant time, so nothing about the secret leaks through timing.
   */
  async findActive(db: Db, key: string): Promise<ApiKey | undefined> {
    if (!KEY_SHAPE.test(key)) return undefined;
    const presented = Buffer.from(hashKey(key), 'hex');
    const row = await keyByHash(db, presented.toString('hex'));
    if (!row) return undefined;
    const stored = Buffer.from(String(row.key_hash), 'hex');
    if (stored.length !== presented.length || !crypto.timingSafeEqual(stored, presented)) return undefined;
    if (row.revoked_at !== null && row.revoked_at !== undefined) return undefined;
    return fromRow(row);
  }

  /** Notes that a key was used, at most once a minute (a conditional update, so instances agree). */
  async touch(db: Db, apiKey: ApiKey): Promise<void> {
    const now = this.clock.now();
    if (apiKey.last_used_at && now.getTime() - apiKey.last_used_at.getTime() < TOUCH_EVERY_MS) return;
    const before = new Date(now.getTime() - TOUCH_EVERY_MS);
    await db('api_keys')
      .where({ id: apiKey.id })
      .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<=', before))
      .update({ last_used_at: now });
  }

  /** The API's view of a key. */
  view(apiKey: ApiKey): ApiKeyView {
    return {
      id: apiKey.id,
      name: apiKey.name,
      mode: apiKey.mode,
      last4: apiKey.last4,
      scopes: apiKey.scopes,
      created_by: apiKey.created_by,
      created_at: toIso(apiKey.created_at)!,
      last_used_at: toIso(apiKey.last_used_at),
      revoked_at: toIso(apiKey.revoked_at),
    };
  }
}
