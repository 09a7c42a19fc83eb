import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request body exactly as received (JSON and form bodies), for signature checks. */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /** The route also takes `application/x-www-form-urlencoded` (HTML forms that work without JavaScript). */
    form?: boolean;
  }
}

const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

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
    // Kept for routes that verify a signature over the exact bytes (payment provider notifications).
    request.rawBody = body as string;
    if (String(body).trim() === '') return done(null, undefined);
    return parse(request, body as string, done);
  });
  // Form posts are parsed for every route (Fastify picks parsers per content type, not per route),
  // then refused with 415 unless the route says `form: true`.
  app.addContentTypeParser(FORM, { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    const fields: Record<string, string> = Object.create(null);
    for (const [name, value] of new URLSearchParams(String(body))) fields[name] = value;
    done(null, fields);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.routeOptions.config?.form) return;
    const type = request.headers['content-type'];
    if (typeof type === 'string' && FORM.test(type)) {
      throw new AppError(415, 'unsupported_media_type', 'Unsupported media type; send application/json.');
    }
  });
}
