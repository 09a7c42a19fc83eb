import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import { captureLogs, countLoggerChildren, kernelStore, pluginSource, writePlugins } from './helpers.ts';

// At the default level every request writes its one line. That line's fields come from the request
// serializer (masked credential, query secrets dropped), so it is written without the wildcard
// redaction; everything a route logs itself keeps it.
const LOGGING = pluginSource('lines', {
  body: `
    const ok = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
    ctx.routes.add({ method: 'GET', path: '/api/v1/lines/quiet/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async () => ({ ok: true }) });
    ctx.routes.add({ method: 'GET', path: '/api/v1/lines/secrets/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async (request) => {
        request.log.info({ body: { email: 'a@example.com', password: 'hunter2-in-body' }, gateway: { key: 'sk_live_in_line' } }, 'with secrets');
        return { ok: true };
      } });
    ctx.routes.add({ method: 'GET', path: '/api/v1/lines/fails/', auth: 'public', summary: 'x', schema: { response: ok },
      handler: async () => { throw Object.assign(new Error('broken on purpose'), { secret: 'err-secret-value' }); } });
  `,
});

const plugins = writePlugins({ lines: LOGGING });
const logs = captureLogs();
let store: TestStore;
let children: { count: number };

before(async () => {
  store = await kernelStore({ env: { PLUGINS: plugins.dirs.lines!, LOG_LEVEL: 'info' }, logStream: logs.logStream });
  children = countLoggerChildren(store);
});
after(async () => {
  await store.close();
  plugins.remove();
});

const linesOf = (id: string) => logs.lines.filter((l) => l.reqId === id);

test('a request that logs nothing itself writes its one line without a logger of its own', async () => {
  children.count = 0;
  const res = await store.inject({
    method: 'GET',
    url: '/api/v1/lines/quiet/?page=2&token=tok-in-query',
    headers: { 'x-request-id': 'line-1', authorization: 'Token sk_live_abcdefghWXYZ', cookie: 'sid=cookie-value' },
  });
  assert.equal(res.statusCode, 200);
  assert.equal(children.count, 0, 'no child logger for the request line');
  const lines = linesOf('line-1');
  assert.equal(lines.length, 1);
  const [line] = lines;
  assert.equal(line.msg, 'request completed');
  assert.equal(line.level, 30);
  assert.deepEqual(line.req, { id: 'line-1', method: 'GET', url: '/api/v1/lines/quiet/?page=2&token=[redacted]', ip: '127.0.0.1', auth: 'Token …WXYZ' });
  assert.equal(line.route, '/api/v1/lines/quiet/');
  assert.deepEqual(line.res, { statusCode: 200 });
  assert.equal(line.principal, 'anonymous');
  assert.equal(typeof line.responseTime, 'number');
  const text = JSON.stringify(lines);
  for (const secret of ['tok-in-query', 'sk_live_abcdefgh', 'cookie-value']) assert.ok(!text.includes(secret), secret);
});

test("a route's own lines and a failure's line keep the redaction", async () => {
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/lines/secrets/', headers: { 'x-request-id': 'line-2' } })).statusCode, 200);
  const own = linesOf('line-2').find((l) => l.msg === 'with secrets');
  assert.equal(own?.body.password, '[redacted]');
  assert.equal(own?.body.email, 'a@example.com');
  assert.equal(own?.gateway.key, '[redacted]');
  assert.equal(linesOf('line-2').filter((l) => l.msg === 'request completed').length, 1);

  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/lines/fails/', headers: { 'x-request-id': 'line-3' } })).statusCode, 500);
  const failed = linesOf('line-3');
  assert.ok(failed.some((l) => l.msg === 'request failed' && l.err?.message === 'broken on purpose'));
  assert.ok(!JSON.stringify(failed).includes('err-secret-value'), 'the error\'s secret field is redacted');
  assert.equal(failed.filter((l) => l.msg === 'request completed').length, 1, 'one line for the request, with its 500');
});
