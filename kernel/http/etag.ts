import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import crypto from 'node:crypto';
import { fastifyEtag } from '@fastify/etag';

// The library's own SHA-1 (createHash, update, digest) as Node's one-shot hash: the same tags, without
// a Hash object per response (a third of the time for a small body).
const etagHash = (payload: Buffer | string) => crypto.hash('sha1', payload, 'base64');

/** The weak ETag the ETag hook gives a body: for an answer sent without that hook (direct-reads.ts). */
export function weakEtag(body: Buffer): string {
  return `W/"${etagHash(body)}"`;
}

/** Only a 200 to GET or HEAD is a representation a client may cache and revalidate. */
function revalidatable(request: FastifyRequest, reply: FastifyReply): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200;
}

// A text this long is encoded once, here, and sent as bytes: the ETag hashes them, the response cache
// keeps them and the socket writes them. Left a string, each of the three (and Content-Length) encoded
// it again: a product list is 28 KB.
const ENCODE_ONCE = 1024;

function bytesOf(payload: unknown): unknown {
  return typeof payload === 'string' && payload.length >= ENCODE_ONCE ? Buffer.from(payload) : payload;
}

/**
 * Weak ETags on successful GET/HEAD responses, and 304 with no body for a matching If-None-Match, by
 * @fastify/etag. The library tags every string body and would turn any response, an error or a POST's
 * 201 included, into a 304 when If-None-Match matched; so its one onSend hook runs behind the gate above.
 */
export async function installEtags(app: FastifyInstance): Promise<void> {
  const gated = {
    addHook(name: string, hook: onSendHookHandler) {
      if (name !== 'onSend') throw new Error(`@fastify/etag added an unexpected "${name}" hook; check its version.`);
      app.addHook('onSend', (request, reply, payload, done) => {
        if (!revalidatable(request, reply)) return done(null, payload);
        (hook as any).call(app, request, reply, bytesOf(payload), (err: Error | null, value?: unknown) => {
          if (err) return done(err);
          if (reply.statusCode !== 304) return done(null, value);
          // RFC 9110 allows a 304 no Content-Length but the 200's: a GET's 304 sends none (null payload);
          // Fastify's HEAD handler derives it from the unchanged payload and sends no body either way.
          done(null, request.method === 'HEAD' ? payload : null);
        });
      });
    },
  };
  await fastifyEtag(gated as unknown as FastifyInstance, { weak: true, hashFn: etagHash });
}
