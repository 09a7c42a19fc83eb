import type { FastifyInstance } from 'fastify';

/**
 * JSON is the only body the API takes (415 otherwise). An empty body with a JSON content type is read
 * as no body, so `POST /api/v1/cart/` works whether or not a client sets the header. Prototype
 * poisoning keys are refused by Fastify's own secure parser.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  // Fastify tests the whole header, parameters included: `application/json; charset=utf-8` must match too.
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;|$)/, { parseAs: 'string' }, (request, body, done) => {
    if (String(body).trim() === '') return done(null, undefined);
    return parse(request, body as string, done);
  });
}
