import type { FastifyReply } from 'fastify';
import type { Knex } from 'knex';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';
import { actorOf, type Db } from '../services/records.ts';

/** The request's transaction on writes, the knex on reads (never the knex inside a transaction). */
export function dbOf(ctx: PluginContext, request: RouteRequest): Db {
  return request.trx ?? (ctx.knex as Knex);
}

/** Who the ledger names for this request's changes. */
export function actorOfRequest(request: RouteRequest): string {
  return actorOf(request.principal);
}

/** 201 with the new resource's address. */
export function created(ctx: PluginContext, reply: FastifyReply, path: string): void {
  reply.code(201).header('location', `${ctx.config.baseUrl}${path}`);
}

export const noContent = { 204: { type: 'null', description: 'Done.' } } as const;
