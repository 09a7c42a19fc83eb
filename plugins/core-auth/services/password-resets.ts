import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Clock } from '../../../kernel/clock.ts';
import { toBool } from '../../../kernel/db/dialect.ts';
import type { MailMessage } from '../../../kernel/mail/message.ts';
import { AuthErrors } from '../errors.ts';
import { hashToken, type SessionService } from './sessions.ts';
import type { Db, UserService } from './users.ts';

/** A reset link works for an hour. */
export const RESET_TTL_MS = 3_600_000;
/** At most this many reset mails per account per hour; further requests are answered alike and ignored. */
export const RESET_LIMIT = { perAccount: 5, windowMs: 3_600_000 };
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

interface MailQueue {
  enqueue(trx: Knex | Knex.Transaction, message: MailMessage): Promise<void>;
}

interface Parts {
  clock: Clock;
  users: UserService;
  sessions: SessionService;
  baseUrl: string;
  /** The kernel's mailer, resolved when first needed. */
  mailer: () => MailQueue;
}

/**
 * Password reset by e-mail: a single-use token (32 random bytes, only its SHA-256 stored) mailed as a
 * link, valid for an hour; a newer request invalidates older tokens. Requests never reveal whether an
 * account exists: the caller answers the same way whatever `request` did.
 */
export class PasswordResetService {
  constructor(private readonly parts: Parts) {}

  /** For an active account with this e-mail, within the hourly limit: a new token, mailed after commit. */
  async request(trx: Knex.Transaction, email: string): Promise<void> {
    const { clock, users, baseUrl, mailer } = this.parts;
    const user = await users.findByEmail(trx, email);
    if (!user || !user.is_active) return;
    const now = clock.now();
    const [{ count }] = await trx('password_resets')
      .where({ user_id: user.id })
      .andWhere('created_at', '>', new Date(now.getTime() - RESET_LIMIT.windowMs))
      .count({ count: '*' });
    if (Number(count) >= RESET_LIMIT.perAccount) return;
    // Earlier tokens stop working: only the newest link is valid.
    await trx('password_resets').where({ user_id: user.id }).whereNull('used_at').update({ used_at: now });
    const token = crypto.randomBytes(32).toString('base64url');
    await trx('password_resets').insert({ token_hash: hashToken(token), user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + RESET_TTL_MS) });
    const link = `${baseUrl}/reset-password/?token=${encodeURIComponent(token)}`;
    await mailer().enqueue(trx, {
      to: user.email,
      subject: 'Reset your password',
      text: [
        'Someone asked to reset the password of your account.',
        '',
        'To choose a new password, open this link within the next hour:',
        link,
        '',
        `Reset token (for API clients): ${token}`,
        '',
        'If you did not ask for this, ignore this mail: your password stays as it is.',
      ].join('\n'),
    });
  }

  /**
   * Sets a new password with a valid token, uses the token up and ends every session of the account.
   * An unknown, used or expired token (or a deactivated account) is a 400 `invalid_token`.
   */
  async confirm(trx: Knex.Transaction, token: string, password: string): Promise<void> {
    const { clock, users, sessions } = this.parts;
    if (!TOKEN_SHAPE.test(token)) throw AuthErrors.invalidResetToken();
    const now = clock.now();
    const row = await trx('password_resets as r')
      .join('users as u', 'u.id', 'r.user_id')
      .where('r.token_hash', hashToken(token))
      .whereNull('r.used_at')
      .andWhere('r.expires_at', '>', now)
      .first('r.id', 'r.user_id', 'u.is_active');
    if (!row || !toBool(row.is_active)) throw AuthErrors.invalidResetToken();
    // Conditional, so that two concurrent uses of one token cannot both succeed.
    const claimed = await trx('password_resets').where({ id: row.id }).whereNull('used_at').update({ used_at: now });
    if (claimed !== 1) throw AuthErrors.invalidResetToken();
    const userId = Number(row.user_id);
    await users.setPassword(trx, userId, password);
    await trx('password_resets').where({ user_id: userId }).whereNull('used_at').update({ used_at: now });
    await sessions.destroyAllForUser(trx, userId);
  }

  /** Deletes tokens that expired more than an hour ago (they no longer count toward the limit). */
  async purge(db: Db): Promise<number> {
    return db('password_resets').where('expires_at', '<=', new Date(this.parts.clock.now().getTime() - RESET_LIMIT.windowMs)).delete();
  }
}
