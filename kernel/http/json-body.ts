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

// `fatal`: bytes that are not UTF-8 are refused, not silently stored as U+FFFD; a BOM is kept, as sent.
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(body: Buffer): string | undefined {
  try {
    return UTF8.decode(body);
  } catch {
    return undefined;
  }
}

/**
 * JSON is the only body the API takes (415 otherwise). An empty body with a JSON content type is read
 * as no body, so `POST /api/v1/cart/` works whether or not a client sets the header. Prototype
 * poisoning keys are refused by Fastify's own secure parser.
 */
export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  // Fastify tests the whole header, parameters included: `application/json; charset=utf-8` must match too.
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json\s*(;|$)/, { parseAs: 'buffer' }, (request, raw, done) => {
    const body = decodeUtf8(raw as Buffer);
    if (body === undefined) return done(new AppError(400, 'malformed_json', 'Request body is not valid UTF-8.'), undefined);
    // Kept for routes that verify a signature over the exact bytes (payment provider notifications).
    request.rawBody = body;
    if (body.trim() === '') return done(null, undefined);
    return parse(request, body, done);
  });
  // Form posts are parsed for every route (Fastify picks parsers per content type, not per route),
  // then refused with 415 unless the route says `form: true`.
  app.addContentTypeParser(FORM, { parseAs: 'buffer' }, (request, raw, done) => {
    const body = decodeUtf8(raw as Buffer);
    if (body === undefined) return done(new AppError(400, 'invalid', 'Request body is not valid UTF-8.'), undefined);
    request.rawBody = body;
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
