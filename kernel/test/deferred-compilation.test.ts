import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore, type TestStore } from '../../test/helpers/store.ts';
import { exampleStore, pluginSource, writePlugins } from './helpers.ts';

const app = (store: TestStore) => store.kernel.app!;

describe('route schemas compiled on first use', () => {
  let store: TestStore;
  before(async () => {
    // Every built-in plugin and every example, as an operator would load them.
    store = await startTestStore({ env: { PLUGINS: 'examples/hello-plugin,examples/hello-shout,examples/payment-acme,examples/shipping-weight' } });
  });
  after(() => store.close());

  test('a started store has compiled none of its schemas; a route compiles its own when first called', async () => {
    const compilations = app(store).schemaCompilations;
    const atStart = compilations.pendingCount;
    assert.ok(atStart > 200, `schemas waiting at start: ${atStart}`);

    const first = await store.inject({ method: 'GET', url: '/api/v1/categories/?page_size=5' });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json().results, []);
    const afterFirst = compilations.pendingCount;
    assert.ok(afterFirst < atStart, `${afterFirst} still waiting after the first list`);

    await store.inject({ method: 'GET', url: '/api/v1/categories/?page_size=5' });
    assert.equal(compilations.pendingCount, afterFirst, 'a second call compiles nothing more');
  });

  test('deferred validators coerce query strings and refuse bad ones with the usual 400', async () => {
    const bad = await store.inject({ method: 'GET', url: '/api/v1/products/?page_size=abc' });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.equal(bad.json().code, 'invalid');
    assert.deepEqual(bad.json().errors, { page_size: ['Must be integer.'] });
    const coerced = await store.inject({ method: 'GET', url: '/api/v1/categories/?page_size=1' });
    assert.equal(coerced.statusCode, 200, coerced.body);

    const refused = await store.inject({ method: 'POST', url: '/api/v1/hello/greetings/', payload: { name: 42 } });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().code, 'invalid');
    assert.deepEqual(Object.keys(refused.json().errors), ['name']);
    const made = await store.inject({ method: 'POST', url: '/api/v1/hello/greetings/', payload: { name: 'Ada' } });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal(made.json().name, 'Ada');
  });

  test('every schema of every built-in and example plugin compiles', () => {
    const compilations = app(store).schemaCompilations;
    assert.ok(compilations.pendingCount > 0);
    compilations.compileAll();
    assert.equal(compilations.pendingCount, 0);
  });
});

describe('a schema that does not compile', () => {
  let store: TestStore;
  let tmp: ReturnType<typeof writePlugins>;
  before(async () => {
    tmp = writePlugins({
      broken: pluginSource('broken', {
        body: `
          ctx.routes.add({ method: 'GET', path: '/api/v1/broken/answer/', auth: 'public', summary: 'x',
            schema: { response: { 200: { type: 'object', properties: { thing: { $ref: 'NoSuchSchema#' } } } } },
            handler: async () => ({ thing: 1 }) });
          ctx.routes.add({ method: 'POST', path: '/api/v1/broken/body/', auth: 'public', summary: 'x', csrf: 'none',
            schema: { body: { type: 'object', properties: { thing: { $ref: 'AlsoMissing#' } } },
              response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
            handler: async () => ({ ok: true }) });
          ctx.routes.add({ method: 'GET', path: '/api/v1/broken/fine/', auth: 'public', summary: 'x',
            schema: { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } },
            handler: async () => ({ ok: true }) });
        `,
      }),
    });
    store = await exampleStore({ env: { PLUGINS: tmp.dirs.broken } });
  });
  after(async () => {
    await store.close();
    tmp.remove();
  });

  test('fails only its own route, with a 500 in the API shape and no trace of the schema', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/broken/answer/' },
      { method: 'POST' as const, url: '/api/v1/broken/body/', payload: { thing: 1 } },
    ]) {
      const res = await store.inject(request);
      assert.equal(res.statusCode, 500, `${request.url}: ${res.body}`);
      assert.deepEqual(res.json(), { detail: 'Internal server error.', code: 'server_error' });
      assert.doesNotMatch(res.body, /Missing|NoSuch|compile/);
    }
    const fine = await store.inject({ method: 'GET', url: '/api/v1/broken/fine/' });
    assert.equal(fine.statusCode, 200);
    assert.deepEqual(fine.json(), { ok: true });
  });

  test('compileAll names each route whose schema does not compile', () => {
    assert.throws(
      () => app(store).schemaCompilations.compileAll(),
      (err: Error) => {
        // GET's HEAD twin has the same response schema.
        assert.match(err.message, /^3 schema\(s\) do not compile/);
        assert.match(err.message, /the 200 response schema of GET \/api\/v1\/broken\/answer\/ does not compile/);
        assert.match(err.message, /the 200 response schema of HEAD \/api\/v1\/broken\/answer\/ does not compile/);
        assert.match(err.message, /the body schema of POST \/api\/v1\/broken\/body\/ does not compile/);
        return true;
      },
    );
    assert.equal(app(store).schemaCompilations.pendingCount, 3, 'the schemas that compiled are kept, the broken ones stay pending');
  });
});
