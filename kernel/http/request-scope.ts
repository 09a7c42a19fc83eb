import { asFunction, type AwilixContainer } from 'awilix';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's scope of the store's container: `principal`, `lang`, `currency`, and `trx` in a transaction. */
    diScope: AwilixContainer;
  }
}

const scopes = new WeakMap<FastifyRequest, AwilixContainer>();

/**
 * `request.diScope`, made the first time a request reads it. Most requests never do, and a scope made
 * for every request (as @fastify/awilix does) cost about 10 µs of each, an empty route's tenth: awilix
 * builds a container with its own closures and cradle for it. The request's own values are resolved
 * from the request when asked, so the scope sees them as they are then: the caller from the first
 * hook, the language and currency once negotiated, `trx` while the route's transaction runs
 * (undefined outside one).
 */
export function installRequestScopes(app: FastifyInstance, container: AwilixContainer): void {
  app.decorateRequest('diScope', {
    getter(this: FastifyRequest): AwilixContainer {
      let scope = scopes.get(this);
      if (!scope) {
        const request = this;
        scope = container.createScope();
        scope.register({
          principal: asFunction(() => request.principal),
          lang: asFunction(() => request.lang),
          currency: asFunction(() => request.currency),
          trx: asFunction(() => request.trx),
        });
        scopes.set(this, scope);
      }
      return scope;
    },
  } as never);
}
