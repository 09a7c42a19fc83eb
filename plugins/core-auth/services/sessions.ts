import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { batchedRead } from '../../../kernel/db/batched-reads.ts';
import { toBool, toDate } from '../../../kernel/db/dialect.ts';
import { randomToken } from '../../../kernel/crypto/random-token.ts';
import type { Db, StaffRole, UserKind } from './users.ts';

/** Sessions last 14 days from their last use (sliding). */
export const SESSION_TTL_MS = 14 * 24 * 3600 * 1000;
// Extended only once less than half remains: at most one write per session per week, not per request.
const REFRESH_BELOW_MS = SESSION_TTL_MS / 2;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface NewSession {
  /** The session row's id: what principals, hooks and other plugins call the session. */
  id: string;
  /** The opaque cookie value; returned once, only its SHA-256 is stored. */
  token: string;
  expires_at: Date;
}

/** A live session with the account behind it, as the authenticate tap needs it. */
export interface ActiveSession {
  id: string;
  user_id: number;
  kind: UserKind;
  role: StaffRole | null;
  email: string;
  expires_at: Date;
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

// A session with its account by the token's hash: the requests of one turn that carry a cookie are
// looked up in one statement on MySQL/MariaDB (db/batched-reads.ts). Expiry is compared by the caller,
// against its own clock reading, so the statement is the same for every caller.
const sessionByHash = batchedRead(
  (db: Knex, hashes: string[]) =>
    db('sessions as s').join('users as u', 'u.id', 's.user_id').whereIn('s.token_hash', hashes).select('s.id', 's.token_hash', 's.user_id', 's.expires_at', 'u.kind', 'u.role', 'u.email', 'u.is_active'),
  (row) => String(row.token_hash),
);

/** Session rows behind the `sessionid` cookie. */
export class SessionService {
  constructor(private readonly clock: Clock) {}

  /** Opens a session for a user; the caller sets the returned token as the cookie. */
  async create(db: Db, input: { userId: number; ip?: string; userAgent?: string }): Promise<NewSession> {
    const token = randomToken();
    const now = this.clock.now();
    const expires_at = new Date(now.getTime() + SESSION_TTL_MS);
    const [id] = await db('sessions').insert({
      token_hash: hashToken(token),
      user_id: input.userId,
      created_at: now,
      expires_at,
      ip: input.ip?.slice(0, 64) ?? null,
      user_agent: input.userAgent?.slice(0, 255) ?? null,
    });
    return { id: String(id), token, expires_at };
  }

  /**
   * The live session a cookie names, with its active account, or undefined (unknown, expired,
   * deactivated). Extends the expiry when less than half of it remains; the conditional update makes
   * concurrent requests write once.
   */
  async resolve(db: Db, token: string): Promise<ActiveSession | undefined> {
    if (!TOKEN_SHAPE.test(token)) return undefined;
    const now = this.clock.now();
    const row: any = await sessionByHash(db, hashToken(token));
    if (!row || !toBool(row.is_active)) return undefined;
    let expires_at = toDate(row.expires_at)!;
    if (expires_at.getTime() <= now.getTime()) return undefined;
    if (expires_at.getTime() - now.getTime() < REFRESH_BELOW_MS) {
      const next = new Date(now.getTime() + SESSION_TTL_MS);
      await db('sessions').where({ id: row.id }).andWhere('expires_at', row.expires_at).update({ expires_at: next });
      expires_at = next;
    }
    return { id: String(row.id), user_id: Number(row.user_id), kind: row.kind, role: row.role ?? null, email: row.email, expires_at };
  }

  /** The id of the session a cookie names (expired or not), so login can rotate it away. */
  async idOfToken(db: Db, token: string | undefined): Promise<string | null> {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    const row = await db('sessions').where({ token_hash: hashToken(token) }).first('id');
    return row ? String(row.id) : null;
  }

  /** Ends one session (logout, rotation at login). */
  async destroy(db: Db, id: string): Promise<void> {
    await db('sessions').where({ id: Number(id) }).delete();
  }

  /** Ends every session of a user (password reset, deactivation). */
  async destroyAllForUser(db: Db, userId: number): Promise<number> {
    return db('sessions').where({ user_id: userId }).delete();
  }

  /** Ends every session of a user but one (a password change ends the others, not the one making it). */
  async destroyOthersForUser(db: Db, userId: number, keepSessionId: string): Promise<number> {
    return db('sessions').where({ user_id: userId }).andWhereNot({ id: Number(keepSessionId) }).delete();
  }

  /** Deletes sessions past their expiry (a recurring job). */
  async purgeExpired(db: Db): Promise<number> {
    return db('sessions').where('expires_at', '<=', this.clock.now()).delete();
  }
}
