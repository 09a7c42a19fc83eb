import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { DirectRequest } from '../../../kernel/http/direct-request.ts';
import { isStaffLike } from '../../../kernel/http/principal.ts';
import type { Db } from '../services/records.ts';
import type { ViewContext } from '../services/views.ts';

/** Whom the response is for: the negotiated language and currency, and whether the caller is staff. */
export function viewOf(request: Pick<DirectRequest, 'lang' | 'currency' | 'principal'>): ViewContext {
  return { lang: request.lang, currency: request.currency, staff: isStaffLike(request.principal), principal: request.principal };
}

/** The request's transaction on writes, the knex on reads (never the knex inside a transaction). */
export function dbOf(ctx: PluginContext, request: { trx?: Knex.Transaction }): Db {
  return request.trx ?? (ctx.knex as Knex);
}

/** 201 with the new resource's address. */
export function created(ctx: PluginContext, reply: FastifyReply, path: string): void {
  reply.code(201).header('location', `${ctx.config.baseUrl}${path}`);
}
