import type { AwilixContainer } from 'awilix';
import type { Knex } from 'knex';
import type { CliCommand } from '../../kernel/cli-registry.ts';
import { toIso } from '../../kernel/db/dialect.ts';
import type { ApiKeyService } from './services/api-keys.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './services/passwords.ts';
import type { StaffRole, UserService } from './services/users.ts';

/** A mistake in the operator's command line; the CLI prints its message and exits non-zero. */
export class CliUsageError extends Error {}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function parts(container: AwilixContainer) {
  return {
    knex: container.resolve<Knex>('knex'),
    users: container.resolve<UserService>('userService'),
    apiKeys: container.resolve<ApiKeyService>('apiKeyService'),
  };
}

function text(value: string | boolean | undefined, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new CliUsageError(`--${name} is required.`);
  return value;
}

const staffCreate: CliCommand = {
  name: 'staff create',
  summary: 'Create a staff account (role staff, or owner with --role owner).',
  options: {
    email: { type: 'string', description: 'E-mail address (the login).', required: true },
    password: { type: 'string', description: `Password, ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`, required: true },
    role: { type: 'string', description: 'owner or staff (default staff).' },
  },
  async run({ options, container, print }) {
    const email = text(options.email, 'email').trim();
    const password = text(options.password, 'password');
    const role = (options.role ?? 'staff') as StaffRole;
    if (!EMAIL.test(email) || email.length > 254) throw new CliUsageError(`"${email}" is not an e-mail address.`);
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
      throw new CliUsageError(`The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`);
    }
    if (role !== 'owner' && role !== 'staff') throw new CliUsageError('--role must be owner or staff.');
    const { knex, users } = parts(container);
    if (await users.findByEmail(knex, email)) throw new CliUsageError(`A user with the e-mail ${email.toLowerCase()} already exists.`);
    const user = await users.create(knex, { kind: 'staff', role, email, password });
    print(`Created ${role} ${user.email} (id ${user.id}).`);
  },
};

const apikeyCreate: CliCommand = {
  name: 'apikey create',
  summary: 'Create an API key and print it (only the key, once).',
  options: {
    name: { type: 'string', description: 'What the key is for (1-100 characters).', required: true },
    test: { type: 'boolean', description: 'A test key (sk_test_), usable only while the store is in test mode.' },
  },
  async run({ options, container, print }) {
    const name = text(options.name, 'name').trim();
    if (name.length > 100) throw new CliUsageError('--name must be at most 100 characters.');
    const { knex, apiKeys } = parts(container);
    const { key } = await apiKeys.create(knex, { name, mode: options.test === true ? 'test' : 'live' });
    print(key);
  },
};

const apikeyList: CliCommand = {
  name: 'apikey list',
  summary: 'List API keys: id, name, mode, last 4 characters, created, last used, revoked (never the key).',
  async run({ container, print }) {
    const { knex, apiKeys } = parts(container);
    const keys = apiKeys.fromRows(await apiKeys.query(knex).orderBy('id'));
    const rows = keys.map((k) => [String(k.id), k.name, k.mode, `…${k.last4}`, toIso(k.created_at)!, toIso(k.last_used_at) ?? '-', toIso(k.revoked_at) ?? '-']);
    const header = ['ID', 'NAME', 'MODE', 'LAST4', 'CREATED', 'LAST USED', 'REVOKED'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    for (const row of [header, ...rows]) print(row.map((cell, i) => cell.padEnd(widths[i])).join('  ').trimEnd());
    if (rows.length === 0) print('(no API keys)');
  },
};

const apikeyRevoke: CliCommand = {
  name: 'apikey revoke',
  summary: 'Revoke an API key by id; it stops working at once.',
  async run({ positionals, container, print }) {
    const raw = positionals[0];
    if (!raw || !/^\d+$/.test(raw)) throw new CliUsageError('Usage: apikey revoke ID (the id shown by apikey list).');
    const { knex, apiKeys } = parts(container);
    const apiKey = await apiKeys.revoke(knex, Number(raw));
    if (!apiKey) throw new CliUsageError(`No API key with id ${raw}.`);
    print(`Revoked API key ${apiKey.id} (${apiKey.name}, …${apiKey.last4}).`);
  },
};

/** The operator commands core-auth adds to `npx storekeep`. */
export const authCommands: CliCommand[] = [staffCreate, apikeyCreate, apikeyList, apikeyRevoke];
