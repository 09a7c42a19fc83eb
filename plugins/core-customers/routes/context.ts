import type { FastifyReply } from 'fastify';
import type { PluginContext } from '../../../kernel/plugin.ts';
import type { RouteRequest } from '../../../kernel/routes.ts';

/** The session's customer: every `me` route is bound to it (the `customer` policy guarantees one). */
export function customerOf(request: RouteRequest): { id: number; email: string; sessionId: string } {
  const p = request.principal;
  if (p.kind !== 'customer') throw new Error('unreachable: the route policy is customer');
  return { id: p.id, email: p.email, sessionId: p.sessionId };
}

/** 201 with the new resource's address. */
export function created(ctx: PluginContext, reply: FastifyReply, path: string): void {
  reply.code(201).header('location', `${ctx.config.baseUrl}${path}`);
}
