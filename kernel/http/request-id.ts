import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

// A client's X-Request-Id is kept as the request's id when it is this short and plain.
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The request's id: the client's X-Request-Id where it may be kept, else a new one. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
}
