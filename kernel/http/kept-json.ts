import crypto from 'node:crypto';
import type { DirectReply } from './direct-request.ts';
import type { Page } from './lists.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const COMMA = Buffer.from(',');
const END = Buffer.from(']}');

// Each kept JSON's SHA-1, computed the first time it is sent: the memos (the catalogue's products, the
// orders) hand out the same Buffer for as long as what it shows is current, and a new one when not.
const digests = new WeakMap<Buffer, Buffer>();

function digestOf(json: Buffer): Buffer {
  let digest = digests.get(json);
  if (!digest) {
    digest = crypto.hash('sha1', json, 'buffer') as unknown as Buffer;
    digests.set(json, digest);
  }
  return digest;
}

/**
 * The JSON of a page whose results are already serialised and kept as UTF-8 bytes, byte for byte as
 * the page schema (`pageSchema`) writes it: count, next, previous, results, in that order. The page is
 * one copy of the kept bytes: joining kept strings instead walked each (a serialiser's output is a tree
 * of the pieces it was concatenated from) and the whole was then encoded again, to be sent.
 */
export function pageBytes(page: Page<Buffer>): Buffer {
  const parts: Buffer[] = [Buffer.from(`{"count":${page.count},"next":${JSON.stringify(page.next)},"previous":${JSON.stringify(page.previous)},"results":[`)];
  for (const [at, result] of page.results.entries()) {
    if (at > 0) parts.push(COMMA);
    parts.push(result);
  }
  parts.push(END);
  return Buffer.concat(parts);
}

/**
 * The weak ETag of `pageBytes(page)` without hashing those bytes: the SHA-1 of the page's envelope
 * (count, next, previous) and of each result's own SHA-1, which is computed once per kept result. Pages
 * that differ in a byte differ in their envelope or in a result, and so in their tag, as tags of the
 * bytes would; a page of 20 orders with their items (57 KB) was 8 % of its request's CPU in that hash.
 */
export function pageEtag(page: Page<Buffer>): string {
  const parts: Buffer[] = [Buffer.from(JSON.stringify([page.count, page.next, page.previous]))];
  for (const result of page.results) parts.push(digestOf(result));
  return `W/"${crypto.hash('sha1', Buffer.concat(parts), 'base64')}"`;
}

/**
 * Answers a page of kept results: sent as its bytes are (JSON content type), with its ETag set from the
 * results' digests (`pageEtag`), so the ETag hook (etag.ts) hashes nothing.
 */
export function sendKeptPage(reply: DirectReply, page: Page<Buffer>): Buffer {
  reply.type(JSON_TYPE);
  reply.header('etag', pageEtag(page));
  return pageBytes(page);
}

/** Answers one kept result (a product's detail) as it is, with its ETag from its kept digest. */
export function sendKept(reply: DirectReply, json: Buffer): Buffer {
  reply.type(JSON_TYPE);
  reply.header('etag', `W/"${digestOf(json).toString('base64')}"`);
  return json;
}
