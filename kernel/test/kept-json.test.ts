import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { pageBytes, pageEtag } from '../http/kept-json.ts';

// A page of kept results is tagged from its envelope and its results' digests, not from its bytes: the
// tag must still follow the bytes exactly.

const page = (count: number, results: string[], next: string | null = null, previous: string | null = null) => ({ count, next, previous, results: results.map((r) => Buffer.from(r)) });

test('a page of kept results is written as its schema writes it, and tagged by what it holds, not by which buffers hold it', () => {
  const a = page(2, ['{"id":1}', '{"id":2}'], 'https://shop.example/api/v1/orders/?page=2');
  assert.equal(pageBytes(a).toString(), '{"count":2,"next":"https://shop.example/api/v1/orders/?page=2","previous":null,"results":[{"id":1},{"id":2}]}');
  assert.equal(pageBytes(page(0, [])).toString(), '{"count":0,"next":null,"previous":null,"results":[]}');
  const tag = pageEtag(a);
  assert.match(tag, /^W\/"[A-Za-z0-9+/]+=*"$/);
  // The same bytes in other buffers (a result built again after the memo forgot it): the same tag.
  assert.equal(pageEtag(page(2, ['{"id":1}', '{"id":2}'], 'https://shop.example/api/v1/orders/?page=2')), tag);
  // Any change of the bytes changes it: a result, their order, a link, the count, a result split differently.
  const others = [
    page(2, ['{"id":1}', '{"id":3}'], 'https://shop.example/api/v1/orders/?page=2'),
    page(2, ['{"id":2}', '{"id":1}'], 'https://shop.example/api/v1/orders/?page=2'),
    page(2, ['{"id":1}', '{"id":2}'], null),
    page(2, ['{"id":1}', '{"id":2}'], null, 'https://shop.example/api/v1/orders/?page=2'),
    page(3, ['{"id":1}', '{"id":2}'], 'https://shop.example/api/v1/orders/?page=2'),
    page(2, ['{"id":1},{"id":2}'], 'https://shop.example/api/v1/orders/?page=2'),
    page(2, ['{"id":1}'], 'https://shop.example/api/v1/orders/?page=2'),
  ];
  const tags = new Set([tag, ...others.map(pageEtag)]);
  assert.equal(tags.size, others.length + 1);
  // A result's digest is kept with its buffer: changing the bytes of a kept buffer is not a supported
  // use, so the tag of a buffer is read once. The tag is not the SHA-1 of the page's bytes.
  assert.notEqual(tag, `W/"${crypto.hash('sha1', pageBytes(a), 'base64')}"`);
});
