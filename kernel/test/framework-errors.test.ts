import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import tls from 'node:tls';
import type { TestStore } from '../../test/helpers/store.ts';
import { countRows, exampleStore, kernelStore, pluginSource, portOf, writePlugins } from './helpers.ts';

const LIST = '/api/v1/hello/greetings/';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection after answering. */
  closed: boolean;
}

/** Writes bytes on a raw TLS connection and collects whatever comes back until the server closes it. */
function rawTls(port: number, ...parts: string[]): Promise<RawAnswer> {
  return raw(true, port, parts);
}

function raw(secure: boolean, port: number, parts: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const write = () => {
      for (const part of parts) socket.write(part);
    };
    const socket = secure ? tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false }, write) : net.connect({ host: '127.0.0.1', port }, write);
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, closed: true });
    });
  });
}

describe('framework errors in the API shape, never echoing input', () => {
  let store: TestStore;
  let tmp: ReturnType<typeof writePlugins>;
  before(async () => {
    tmp = writePlugins({
      echo: pluginSource('echo', {
        body: `
          ctx.routes.add({ method: 'GET', path: '/api/v1/echo/', auth: 'public', summary: 'x',
            schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
            handler: async (request) => { throw Object.assign(new Error('refused ' + request.query.q), { statusCode: 422 }); } });
        `,
      }),
    });
    store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.echo}` } });
  });
  after(async () => {
    await store.close();
    tmp.remove();
  });

  test('a path parameter over the length limit is a 414 that does not quote the path', async () => {
    const long = 'x'.repeat(250) + 'MARKER';
    const res = await store.inject({ method: 'GET', url: `${LIST}${long}/` });
    assert.equal(res.statusCode, 414);
    assert.match(String(res.headers['content-type']), /^application\/json/);
    assert.deepEqual(res.json(), { detail: 'The request path is too long.', code: 'uri_too_long' });
    assert.match(String(res.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.doesNotMatch(res.body, /MARKER/);
  });

  test('a path that does not decode is a 400 that does not quote it', async () => {
    const res = await store.inject({ method: 'GET', url: `${LIST}%E0%A4%AMARKER/` });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { detail: 'The request path is not a valid URL.', code: 'invalid_url' });
  });

  test('TRACE, QUERY and OPTIONS on a known path are 405 with Allow; on an unknown path 404', async () => {
    for (const method of ['TRACE', 'QUERY', 'OPTIONS'] as const) {
      const res = await store.inject({ method: method as 'GET', url: LIST });
      assert.equal(res.statusCode, 405, method);
      assert.equal(res.json().code, 'method_not_allowed', method);
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'detail']);
      assert.deepEqual(String(res.headers.allow).split(', ').sort(), ['GET', 'HEAD', 'POST'], method);
    }
    const detail = await store.inject({ method: 'QUERY' as 'GET', url: `${LIST}1/`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(detail.statusCode, 405);
    assert.deepEqual(String(detail.headers.allow).split(', ').sort(), ['GET', 'HEAD']);
    for (const method of ['TRACE', 'QUERY', 'POST'] as const) {
      const unknown = await store.inject({ method: method as 'GET', url: '/api/v1/nothing-here/', headers: { 'content-type': 'text/plain' }, payload: 'x' });
      assert.equal(unknown.statusCode, 404, method);
      assert.deepEqual(unknown.json(), { detail: 'Not found.', code: 'not_found' });
    }
  });

  test('a client error thrown without a code of ours answers the status in words, not its message', async () => {
    const res = await store.inject({ method: 'GET', url: '/api/v1/echo/?q=MARKER' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(res.json(), { detail: 'Unprocessable Entity.', code: 'unprocessable_entity' });
  });

  test('invalid UTF-8 in a JSON body is a 400 and nothing is stored', async () => {
    const bytes = Buffer.concat([Buffer.from('{"name": "Ad'), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from('a"}')]);
    const res = await store.inject({ method: 'POST', url: LIST, headers: { 'content-type': 'application/json' }, payload: bytes });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), { detail: 'Request body is not valid UTF-8.', code: 'malformed_json' });
    assert.equal(await countRows(store.kernel.knex, 'hello_greetings'), 0);
    // Well-formed UTF-8 outside ASCII still passes, as sent.
    const ok = await store.inject({ method: 'POST', url: LIST, headers: { 'content-type': 'application/json; charset=utf-8' }, payload: Buffer.from('{"name": "Zoë 🛒"}') });
    assert.equal(ok.statusCode, 201);
    assert.equal(ok.json().name, 'Zoë 🛒');
  });
});

describe('on a real HTTPS port', () => {
  let store: TestStore;
  before(async () => {
    // A short request timeout so the test does not wait ten seconds; what is asserted is the answer.
    store = await kernelStore({ lazy: true, env: { PORT: '0', HOST: '127.0.0.1', PLUGINS: 'examples/hello-plugin', REQUEST_TIMEOUT_MS: '300' } });
    await store.kernel.start();
  });
  after(() => store.close());

  test('a body shorter than its Content-Length gets a 408 in the API shape and the connection is closed', async () => {
    const res = await rawTls(
      portOf(store),
      `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n`,
      '{"',
    );
    assert.equal(res.status, 408);
    assert.match(res.headers['content-type']!, /^application\/json/);
    assert.deepEqual(JSON.parse(res.body), { detail: 'The request was not received in time.', code: 'request_timeout' });
    assert.equal(res.closed, true);
    assert.equal(await countRows(store.kernel.knex, 'hello_greetings'), 0);
  });

  test('the same 408 on a plain connection from a trusted TLS-terminating proxy', async () => {
    const res = await raw(false, portOf(store), [
      `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Proto: https\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n`,
      '{"',
    ]);
    assert.equal(res.status, 408);
    assert.deepEqual(JSON.parse(res.body), { detail: 'The request was not received in time.', code: 'request_timeout' });
  });

  test('headers that never finish get the same 408', async () => {
    const res = await rawTls(portOf(store), `GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: `);
    assert.equal(res.status, 408);
    assert.equal(JSON.parse(res.body).code, 'request_timeout');
  });

  test('malformed HTTP gets a JSON 400, not an empty close', async () => {
    const res = await rawTls(portOf(store), `GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nthis is not a header\r\n\r\n`);
    assert.equal(res.status, 400);
    assert.deepEqual(JSON.parse(res.body), { detail: 'The request is not valid HTTP.', code: 'bad_request' });
    assert.match(res.headers['x-request-id']!, /^[0-9a-f-]{36}$/);
  });

  test('a method the server does not know at all is a JSON 501', async () => {
    const res = await rawTls(portOf(store), `FROBNICATE ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    assert.equal(res.status, 501);
    assert.deepEqual(JSON.parse(res.body), { detail: 'The request method is not implemented.', code: 'not_implemented' });
  });

  test('headers over the size limit get a JSON 431 without the headers', async () => {
    const res = await rawTls(portOf(store), `GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'MARKER'.repeat(4000)}\r\n\r\n`);
    assert.equal(res.status, 431);
    assert.deepEqual(JSON.parse(res.body), { detail: 'The request headers are too large.', code: 'headers_too_large' });
  });

  test('a complete request on the same port is served', async () => {
    const body = '{"name":"on time"}';
    const res = await rawTls(
      portOf(store),
      `POST ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    );
    assert.equal(res.status, 201);
  });
});
