import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { PluginContext } from '../../kernel/plugin.ts';
import type { RouteRequest } from '../../kernel/routes.ts';
import type { Principal } from '../../kernel/http/principal.ts';
import { paginate } from '../../kernel/http/lists.ts';
import { forUpdate } from '../../kernel/db/dialect.ts';
import { conflict, notFound, permissionDenied } from '../../kernel/http/errors.ts';
import type { AuthServices } from './services/index.ts';
import type { Account, StaffRole } from './services/users.ts';
import { idParams } from './schemas.ts';
import { createStaffBody, staffAccountSchema, staffListQuery, staffListSpec, staffPage, updateStaffBody } from './staff-schemas.ts';

const BASE = '/api/v1/staff/';
const tag = 'staff';

function view(account: Account) {
  return {
    id: account.id,
    email: account.email,
    role: account.role ?? 'staff',
    first_name: account.first_name,
    last_name: account.last_name,
    is_active: account.is_active,
    last_login_at: account.last_login_at ? new Date(account.last_login_at).toISOString() : null,
    created_at: new Date(account.created_at).toISOString(),
  };
}

/** Staff accounts are changed by the owner (or an API key, which has the store's full access), never by other staff. */
function requireOwner(principal: Principal): void {
  if (principal.kind === 'staff' && principal.role !== 'owner') throw permissionDenied('Only the owner manages staff accounts.');
}

/**
 * The active owners, read with their rows locked (SQLite's write lock does the same): two owners
 * demoting each other at once are serialised, and the second sees that only one owner is left.
 */
async function activeOwners(trx: Knex.Transaction): Promise<number> {
  return (await forUpdate(trx, trx('users').where({ kind: 'staff', role: 'owner', is_active: 1 }).select('id'))).length;
}

/** `GET/POST /api/v1/staff/`, `GET/PATCH /api/v1/staff/{id}/`: the team that runs the store. */
export function registerStaffRoutes(ctx: PluginContext, { users, sessions, passwordResets }: AuthServices): void {
  ctx.schemas.add(staffAccountSchema as any);

  const staffAccount = async (db: Knex | Knex.Transaction, id: number, lock = false): Promise<Account> => {
    const query = users.query(db, { kind: 'staff' }).where({ id }).first();
    const row = await (lock ? forUpdate(db, query) : query);
    if (!row) throw notFound('No staff account with this id.');
    return users.accountsFromRows([row])[0]!;
  };

  ctx.routes.add({
    method: 'GET',
    path: BASE,
    auth: 'staff',
    tag,
    summary: 'List staff accounts.',
    description: 'Ordering: email (default), created_at, last_name. Filters: search (e-mail and names), is_active.',
    schema: { querystring: staffListQuery, response: { 200: staffPage } },
    handler: async (request: RouteRequest) => {
      const query = users.query(ctx.knex, { kind: 'staff', search: request.query.search, is_active: request.query.is_active });
      return paginate(request, ctx.config.baseUrl, query, staffListSpec, (rows: any[]) => users.accountsFromRows(rows).map(view));
    },
  });

  ctx.routes.add({
    method: 'GET',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'One staff account.',
    schema: { params: idParams, response: { 200: staffAccountSchema } },
    handler: async (request: RouteRequest) => view(await staffAccount(ctx.knex, request.params.id)),
  });

  ctx.routes.add({
    method: 'POST',
    path: BASE,
    auth: 'staff',
    tag,
    summary: 'Add a staff account (owner only).',
    description:
      'Without a password the new member is mailed a password reset link to choose one. An e-mail in use (staff or customer) is 409 email_taken. A staff session that is not the owner\'s: 403.',
    schema: { body: createStaffBody, response: { 201: staffAccountSchema } },
    handler: async (request: RouteRequest, reply: FastifyReply) => {
      requireOwner(request.principal);
      const { email, role, first_name, last_name, password } = request.body;
      // Without a password the account gets one nobody knows; the reset mail lets its owner choose one.
      const user = await users.create(request.trx!, { kind: 'staff', role: role as StaffRole, email, first_name, last_name, password: password ?? crypto.randomBytes(24).toString('base64url') });
      if (password === undefined) await passwordResets.request(request.trx!, user.email);
      reply.code(201).header('location', `${ctx.config.baseUrl}${BASE}${user.id}/`);
      return view(user);
    },
  });

  ctx.routes.add({
    method: 'PATCH',
    path: `${BASE}:id/`,
    auth: 'staff',
    tag,
    summary: 'Change a staff account: names, role, active (owner only).',
    description:
      'Deactivating ends the account\'s sessions at once. The store keeps at least one active owner: demoting or deactivating the last one is 409 last_owner.',
    schema: { params: idParams, body: updateStaffBody, response: { 200: staffAccountSchema } },
    handler: async (request: RouteRequest) => {
      requireOwner(request.principal);
      const trx = request.trx!;
      const account = await staffAccount(trx, request.params.id, true);
      const { role, is_active, first_name, last_name } = request.body;
      const losesOwner = account.role === 'owner' && account.is_active && (role === 'staff' || is_active === false);
      if (losesOwner && (await activeOwners(trx)) <= 1) throw conflict('last_owner', 'The store needs an active owner: make another account owner first.');
      const changes = Object.fromEntries(Object.entries({ role, is_active, first_name, last_name }).filter(([, v]) => v !== undefined));
      await users.update(trx, account.id, changes);
      if (is_active === false) await sessions.destroyAllForUser(trx, account.id);
      return view(await staffAccount(trx, account.id));
    },
  });
}
