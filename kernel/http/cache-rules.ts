/**
 * `Cache-Control: no-cache` from the client asks for an answer computed now (RFC 9111 §5.2.1.4); the
 * fresh answer still replaces the stored one.
 */
export function wantsFresh(cacheControl: string | undefined): boolean {
  return cacheControl !== undefined && /(?:^|,)\s*no-cache\s*(?:,|$)/i.test(cacheControl);
}

/** If-None-Match against a stored ETag, compared exactly as @fastify/etag compares on the uncached path. */
export function etagMatches(ifNoneMatch: string | undefined, etag: unknown): boolean {
  if (ifNoneMatch === undefined || typeof etag !== 'string') return false;
  return ifNoneMatch === etag || ifNoneMatch === 'W/' + etag || 'W/' + ifNoneMatch === etag;
}

/** Whether an answer's own Cache-Control lets it be stored: a route that marks it private or not to be stored means it. */
export function storable(cacheControl: unknown): boolean {
  return !(typeof cacheControl === 'string' && /no-store|private/i.test(cacheControl));
}
