import type { Knex } from 'knex';
import type { Config } from '../../../kernel/config.ts';
import type { Logger } from '../../../kernel/logger.ts';
import { generatePassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type PasswordHasher } from './passwords.ts';
import type { SessionService } from './sessions.ts';
import { isDuplicateKey } from '../../../kernel/db/dialect.ts';
import type { UserService } from './users.ts';

export const DEFAULT_OWNER_EMAIL = 'owner@storekeep.local';

interface Parts {
  knex: Knex;
  config: Config;
  logger: Logger;
  users: UserService;
  sessions: SessionService;
  passwords: PasswordHasher;
}

/**
 * At start (the `kernel.boot` tap): with ADMIN_EMAIL and ADMIN_PASSWORD, makes sure an active owner
 * with exactly these credentials exists; otherwise, on a store without any staff, creates an owner
 * with a generated password and prints it once through the operator notices (never the logger).
 */
export async function bootstrapOwner(parts: Parts): Promise<void> {
  const { config } = parts;
  if (config.adminEmail || config.adminPassword) return ensureConfiguredOwner(parts);
  if (await parts.users.hasStaff(parts.knex)) return;
  const password = generatePassword();
  try {
    const owner = await parts.users.create(parts.knex, { kind: 'staff', role: 'owner', email: DEFAULT_OWNER_EMAIL, password });
    parts.logger.info({ user: owner.id }, 'owner account created with a generated password');
  } catch (err) {
    // Another instance starting at the same moment created it (and printed its password).
    if (isDuplicateKey(err) || (err as { code?: string }).code === 'email_taken') return;
    throw err;
  }
  config.notices(
    [
      'Storekeep created an owner account for this store (sign in and change its password soon).',
      `  admin:    ${config.baseUrl}/admin/`,
      `  e-mail:   ${DEFAULT_OWNER_EMAIL}`,
      `  password: ${password}`,
      'This password is shown only once.',
    ].join('\n'),
  );
}

async function ensureConfiguredOwner(parts: Parts, raced = false): Promise<void> {
  const { config, knex, users, passwords } = parts;
  const email = config.adminEmail;
  const password = config.adminPassword;
  if (!email || !password) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD must be set together.');
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    throw new Error(`ADMIN_PASSWORD must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`);
  }
  const existing = await users.findByEmail(knex, email);
  if (!existing) {
    try {
      const owner = await users.create(knex, { kind: 'staff', role: 'owner', email, password });
      parts.logger.info({ user: owner.id }, 'owner account created from ADMIN_EMAIL');
      return;
    } catch (err) {
      // Another instance starting at the same moment created it: check that account as if it had been there.
      if (raced || !(isDuplicateKey(err) || (err as { code?: string }).code === 'email_taken')) throw err;
      return ensureConfiguredOwner(parts, true);
    }
  }
  if (existing.kind !== 'staff') throw new Error(`ADMIN_EMAIL ${existing.email} belongs to a customer account; choose another address.`);
  if (existing.role !== 'owner' || !existing.is_active) await users.update(knex, existing.id, { role: 'owner', is_active: true });
  if (!(await passwords.verify(password, existing.password_hash))) {
    await knex.transaction(async (trx) => {
      await users.setPassword(trx, existing.id, password);
      // Whoever knew the old password is signed out with it.
      await parts.sessions.destroyAllForUser(trx, existing.id);
    });
    parts.logger.info({ user: existing.id }, 'owner password reset from ADMIN_PASSWORD');
  }
}
