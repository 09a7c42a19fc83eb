import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { Principal } from '../../../kernel/http/principal.ts';
import type { Logger } from '../../../kernel/logger.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import type { Db } from '../contracts.ts';
import type { Caller } from '../services/checkouts/checkout-service.ts';

/** The request's transaction on writes, the knex on reads (never the knex inside a transaction). */
export function dbOf(ctx: PluginContext, request: RouteRequest): Db {
  return request.trx ?? (ctx.knex as Knex);
}

/** Who is asking, and in which language. */
export function callerOf(request: RouteRequest): Caller {
  return { principal: request.principal, lang: request.lang, log: request.log as unknown as Logger };
}

/** The currency `?currency=` asked for (validated by the kernel), or undefined when none was asked. */
export function askedCurrency(request: RouteRequest): string | undefined {
  const asked = request.query?.currency;
  return asked === undefined || asked === '' ? undefined : request.currency;
}

/** Who the inventory ledger names for a change made by this caller (`staff:3`, `api_key:7`, `system`). */
export function actorOf(principal: Principal | undefined): string {
  if (!principal || principal.kind === 'anonymous') return 'system';
  return `${principal.kind}:${principal.id}`;
}

/** 201 with the new resource's address. */
export function created(ctx: PluginContext, reply: FastifyReply, path: string): void {
  reply.code(201).header('location', `${ctx.config.baseUrl}${path}`);
}
