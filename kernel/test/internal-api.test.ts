import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestStore } from '../../test/helpers/store.ts';
import type { InternalApi } from '../http/internal-api.ts';
import { kernelStore, pluginSource, writePlugins } from './helpers.ts';

// Long enough that the ETag hook encodes it once as bytes (kernel/http/etag.ts), with text outside ASCII
// so that a wrong decoding shows.
const LONG = 'Größe – 尺寸 – '.repeat(200);

let store: TestStore;
let tmp: ReturnType<typeof writePlugins>;
let api: InternalApi;

before(async () => {
  tmp = writePlugins({
    probe: pluginSource('probe', {
      body: `
        const text = { type: 'object', properties: { text: { type: 'string' } } };
        ctx.routes.add({ method: 'GET', path: '/api/v1/probe/long/', auth: 'public', summary: 'a long answer',
          schema: { response: { 200: text } }, handler: async () => ({ text: ${JSON.stringify(LONG)} }) });
        ctx.routes.add({ method: 'GET', path: '/api/v1/probe/short/', auth: 'public', summary: 'a short answer',
          schema: { response: { 200: text } }, handler: async (request) => ({ text: 'hello ' + (request.query.name ?? '') }) });
        ctx.routes.add({ method: 'POST', path: '/api/v1/probe/refused/', auth: 'public', summary: 'a refusal',
          schema: { response: { 200: text } },
          handler: async () => { throw Object.assign(new Error('not today'), { statusCode: 409, code: 'probe_refused' }); } });
        ctx.routes.add({ method: 'DELETE', path: '/api/v1/probe/gone/', auth: 'public', summary: 'no content', schema: { response: { 204: { type: 'null' } } },
          handler: async (request, reply) => { reply.code(204); return null; } });
      `,
    }),
  });
  store = await kernelStore({ env: { PLUGINS: tmp.dirs.probe } });
  api = store.kernel.container.resolve<InternalApi>('internalApi');
});

after(async () => {
  await store?.close();
  tmp?.remove();
});

test('an internal call reads what the route answered: a long body as bytes, a short one as text, both decoded', async () => {
  const long = await api.request<{ text: string }>({ url: '/api/v1/probe/long/' });
  assert.equal(long.status, 200);
  assert.equal(long.body.text, LONG);
  assert.match(String(long.headers['content-type']), /^application\/json/);
  assert.match(String(long.headers.etag), /^W\//, 'the ETag hook saw the body before it was kept');
  assert.equal(long.headers['content-length'], undefined, 'no length of a body that was not written');

  const short = await api.request<{ text: string }>({ url: '/api/v1/probe/short/?name=Ada' });
  assert.deepEqual([short.status, short.body], [200, { text: 'hello Ada' }]);
});

test('an internal call reads an error body and an empty answer', async () => {
  const refused = await api.request({ method: 'POST', url: '/api/v1/probe/refused/', body: {} });
  assert.equal(refused.status, 409);
  assert.equal(refused.body.code, 'probe_refused');
  assert.equal(typeof refused.body.detail, 'string');

  const gone = await api.request({ method: 'DELETE', url: '/api/v1/probe/gone/' });
  assert.deepEqual([gone.status, gone.body], [204, null]);
});

test('the same routes answer other callers with their whole body and its length', async () => {
  const long = await store.inject({ method: 'GET', url: '/api/v1/probe/long/' });
  assert.equal(long.statusCode, 200);
  assert.equal(long.json().text, LONG);
  assert.equal(Number(long.headers['content-length']), Buffer.byteLength(long.body));

  const refused = await store.inject({ method: 'POST', url: '/api/v1/probe/refused/', payload: {} });
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().code, 'probe_refused');
});

test('calls in parallel each read their own answer', async () => {
  const names = Array.from({ length: 40 }, (_, i) => `n${i}`);
  const answers = await Promise.all(names.map((name) => api.request<{ text: string }>({ url: `/api/v1/probe/short/?name=${name}` })));
  assert.deepEqual(answers.map((a) => a.body.text), names.map((name) => `hello ${name}`));
});

test('a request that claims to be internal without the process\'s marker is refused as plain HTTP', async () => {
  // Marker-shaped values: the right length (32 characters of base64url) and a wrong one.
  for (const forged of ['A'.repeat(32), 'x', '']) {
    const res = await store.inject({ method: 'GET', url: '/api/v1/probe/short/', plain: true, headers: { 'x-storekeep-internal': forged } });
    assert.equal(res.statusCode, 403, `marker ${JSON.stringify(forged)}`);
    assert.deepEqual(res.json(), { detail: 'HTTPS is required.', code: 'https_required' });
  }
  // The real marker, between forged ones, still lets internal calls through.
  const short = await api.request<{ text: string }>({ url: '/api/v1/probe/short/?name=again' });
  assert.deepEqual([short.status, short.body], [200, { text: 'hello again' }]);
});
