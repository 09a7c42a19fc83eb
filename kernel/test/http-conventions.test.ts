import { before, after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../clock.ts';
import type { TestStore } from '../../test/helpers/store.ts';
import { exampleStore, hasStackTrace, kernelModule, pluginSource, postJson, writePlugins } from './helpers.ts';

const LIST = '/api/v1/hello/greetings/';

describe('lists (docs/api.md, conventions)', () => {
  let store: TestStore;
  const clock = new ManualClock(Date.parse('2026-01-10T12:00:00Z'));
  before(async () => {
    store = await exampleStore({ clock });
    // 25 greetings, one an hour from 2026-01-10T12:00Z (the last at 2026-01-11T12:00Z), names out of creation order.
    for (let i = 0; i < 25; i++) {
      const res = await postJson(store, LIST, { name: `guest ${String((i * 7) % 25).padStart(2, '0')}`, message: `hi ${i}` });
      assert.equal(res.statusCode, 201);
      clock.advance(3600_000);
    }
  });
  after(() => store.close());

  const get = (url: string) => store.inject({ method: 'GET', url });

  test('the envelope has count, absolute next/previous URLs, and 20 results by default', async () => {
    const first = await get(LIST);
    assert.equal(first.statusCode, 200);
    const body = first.json();
    assert.deepEqual(Object.keys(body), ['count', 'next', 'previous', 'results']);
    assert.equal(body.count, 25);
    assert.equal(body.results.length, 20);
    assert.equal(body.next, 'https://store.test/api/v1/hello/greetings/?page=2');
    assert.equal(body.previous, null);
    assert.match(body.results[0].created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const second = (await get(body.next.replace('https://store.test', ''))).json();
    assert.equal(second.results.length, 5);
    assert.equal(second.next, null);
    assert.equal(second.previous, 'https://store.test/api/v1/hello/greetings/');
    const ids = [...body.results, ...second.results].map((g: { id: number }) => g.id);
    assert.equal(new Set(ids).size, 25, 'the two pages together hold every greeting once');
  });

  test('next and previous keep the other query parameters', async () => {
    const body = (await get(`${LIST}?page_size=10&page=2&ordering=name`)).json();
    assert.equal(body.next, 'https://store.test/api/v1/hello/greetings/?page_size=10&page=3&ordering=name');
    assert.equal(body.previous, 'https://store.test/api/v1/hello/greetings/?page_size=10&ordering=name');
  });

  test('next and previous write the query as a URL writes it: spaces, plus signs, escapes and other letters', async () => {
    const search = 'guest 0';
    const asked = `${LIST}?search=${encodeURIComponent(search).replace('%20', '+')}&page_size=2&page=2&x=%E2%82%AC%2B1&y=a%20b&y=`;
    const res = await get(asked);
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.ok(body.count > 4, `the search matches more than two pages (${body.count})`);
    // What `URL` makes of the same address with the page changed, the oracle for the links' text.
    const linked = (page: number | null) => {
      const url = new URL(`https://store.test${asked}`);
      if (page === null) url.searchParams.delete('page');
      else url.searchParams.set('page', String(page));
      return url.href;
    };
    assert.equal(body.next, linked(3));
    assert.equal(body.previous, linked(null));
    assert.equal(body.next, 'https://store.test/api/v1/hello/greetings/?search=guest+0&page_size=2&page=3&x=%E2%82%AC%2B1&y=a+b&y=');
    const third = (await get(body.next.replace('https://store.test', ''))).json();
    assert.deepEqual(third.results.map((g: { name: string }) => g.name.startsWith('guest 0')), third.results.map(() => true));
  });

  test('page_size 100 is served; 101 is a 400 naming page_size, not a silent clamp', async () => {
    const hundred = await get(`${LIST}?page_size=100`);
    assert.equal(hundred.statusCode, 200);
    assert.equal(hundred.json().results.length, 25);
    const over = await get(`${LIST}?page_size=101`);
    assert.equal(over.statusCode, 400);
    assert.equal(over.json().code, 'invalid');
    assert.deepEqual(Object.keys(over.json().errors), ['page_size']);
  });

  test('page 0 and non-numeric pages are 400s naming page', async () => {
    for (const page of ['0', '-1', 'two']) {
      const res = await get(`${LIST}?page=${page}`);
      assert.equal(res.statusCode, 400, `page=${page}`);
      assert.deepEqual(Object.keys(res.json().errors), ['page']);
    }
  });

  test('a page past the end is a 404; page 1 of an empty list is an empty 200', async () => {
    assert.equal((await get(`${LIST}?page=2`)).statusCode, 200);
    const past = await get(`${LIST}?page=3`);
    assert.equal(past.statusCode, 404);
    assert.deepEqual(past.json(), { detail: 'Invalid page.', code: 'not_found' });
    const empty = await get(`${LIST}?search=nobody-by-this-name`);
    assert.equal(empty.statusCode, 200);
    assert.deepEqual(empty.json(), { count: 0, next: null, previous: null, results: [] });
    assert.equal((await get(`${LIST}?search=nobody-by-this-name&page=2`)).statusCode, 404);
  });

  test('ordering sorts ascending and, with a minus, descending; the default is newest first', async () => {
    const names = async (q: string) => (await get(`${LIST}?page_size=100${q}`)).json().results.map((g: { name: string }) => g.name);
    const expected = Array.from({ length: 25 }, (_, i) => `guest ${String(i).padStart(2, '0')}`);
    assert.deepEqual(await names('&ordering=name'), expected);
    assert.deepEqual(await names('&ordering=-name'), [...expected].reverse());
    const created = async (q: string) => (await get(`${LIST}?page_size=100${q}`)).json().results.map((g: { created_at: string }) => g.created_at);
    const ascending = await created('&ordering=created_at');
    assert.deepEqual(ascending, [...ascending].sort());
    assert.notDeepEqual(ascending, [...ascending].reverse());
    assert.deepEqual(await created(''), [...ascending].reverse());
  });

  test('an unknown ordering field is a 400 naming ordering and the allowed fields', async () => {
    const res = await get(`${LIST}?ordering=message`);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { ordering: ['Unknown field. Allowed: name, created_at (prefix - for descending).'] });
    assert.equal((await get(`${LIST}?ordering=-id`)).statusCode, 400);
  });

  test('created_at__gte and __lte take dates (whole UTC days) and timestamps', async () => {
    const count = async (q: string) => {
      const res = await get(`${LIST}?${q}`);
      assert.equal(res.statusCode, 200, q);
      return res.json().count;
    };
    // Greetings were made at 2026-01-10T12:00Z … 2026-01-11T12:00Z, one an hour.
    assert.equal(await count('created_at__gte=2026-01-11'), 13);
    assert.equal(await count('created_at__lte=2026-01-10'), 12);
    assert.equal(await count('created_at__gte=2026-01-10&created_at__lte=2026-01-10'), 12);
    assert.equal(await count('created_at__gte=2026-01-11T06:00:00Z'), 7);
    assert.equal(await count('created_at__lte=2026-01-10T14:00:00.000Z'), 3);
    assert.equal(await count('created_at__gte=2026-01-11T08:00:00%2B02:00'), 7);
    assert.equal(await count('created_at__gte=2026-01-12'), 0);
  });

  test('a malformed date bound is a 400 naming it; several bad parameters are named at once', async () => {
    for (const value of ['yesterday', '2026-13-01', '2026-02-31', '2026-01-11T10:00', '1736590000']) {
      const res = await get(`${LIST}?created_at__gte=${value}`);
      assert.equal(res.statusCode, 400, value);
      assert.deepEqual(Object.keys(res.json().errors), ['created_at__gte'], value);
    }
    const several = await get(`${LIST}?ordering=nope&created_at__gte=soon&created_at__lte=later`);
    assert.equal(several.statusCode, 400);
    assert.deepEqual(Object.keys(several.json().errors).sort(), ['created_at__gte', 'created_at__lte', 'ordering']);
  });

  test('search finds text in names and messages, and treats % and _ literally', async () => {
    const res = (await get(`${LIST}?search=guest 0`)).json();
    assert.equal(res.count, 10);
    assert.ok(res.results.every((g: { name: string }) => g.name.startsWith('guest 0')));
    assert.equal((await get(`${LIST}?search=hi 24`)).json().count, 1);
    assert.equal((await get(`${LIST}?search=%25`)).json().count, 0);
    assert.equal((await get(`${LIST}?search=guest_0`)).json().count, 0);
  });
});

describe('errors (docs/api.md, conventions)', () => {
  let store: TestStore;
  let tmp: ReturnType<typeof writePlugins>;
  before(async () => {
    tmp = writePlugins({
      thrower: pluginSource('thrower', {
        imports: `import { AppError } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
        body: `
          const ok = { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } };
          ctx.routes.add({ method: 'GET', path: '/api/v1/thrower/plain/', auth: 'public', summary: 'x', schema: { response: ok },
            handler: async () => { throw new Error('secret database password is hunter2'); } });
          ctx.routes.add({ method: 'GET', path: '/api/v1/thrower/string/', auth: 'public', summary: 'x', schema: { response: ok },
            handler: async () => { throw 'a bare string'; } });
          ctx.routes.add({ method: 'GET', path: '/api/v1/thrower/upstream/', auth: 'public', summary: 'x', schema: { response: ok },
            handler: async () => { throw Object.assign(new Error('gateway said no'), { statusCode: 502 }); } });
          ctx.routes.add({ method: 'GET', path: '/api/v1/thrower/shape/', auth: 'public', summary: 'x',
            schema: { response: { 200: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } } } },
            handler: async () => ({}) });
          ctx.routes.add({ method: 'GET', path: '/api/v1/thrower/conflict/', auth: 'public', summary: 'x', schema: { response: ok },
            handler: async () => { throw new AppError(409, 'out_of_stock', 'Not enough stock.'); } });
        `,
      }),
    });
    store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.thrower}` } });
  });
  after(async () => {
    await store.close();
    tmp.remove();
  });

  test('a 400 names every bad field at once', async () => {
    const res = await postJson(store, LIST, { name: 5, message: '', colour: 'blue' });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['code', 'detail', 'errors']);
    assert.equal(body.code, 'invalid');
    assert.equal(typeof body.detail, 'string');
    assert.deepEqual(Object.keys(body.errors).sort(), ['colour', 'message', 'name']);
    for (const messages of Object.values(body.errors)) assert.ok(Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
    const missing = await postJson(store, LIST, {});
    assert.deepEqual(missing.json().errors, { name: ['This field is required.'] });
  });

  test('an unknown body field is a 400, not silently ignored', async () => {
    const res = await postJson(store, LIST, { name: 'Ada', is_admin: true });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().errors, { is_admin: ['Unknown field.'] });
    assert.equal(await countGreetings(store), 0);
  });

  test('malformed JSON is a 400', async () => {
    const res = await store.inject({ method: 'POST', url: LIST, headers: { 'content-type': 'application/json' }, payload: '{"name": "Ada",' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'malformed_json');
    assert.equal(hasStackTrace(res.body), false);
  });

  test('a body that is not JSON is a 415', async () => {
    for (const [type, payload] of [['text/plain', 'name=Ada'], ['application/x-www-form-urlencoded', 'name=Ada'], ['multipart/form-data; boundary=x', '--x--']]) {
      const res = await store.inject({ method: 'POST', url: LIST, headers: { 'content-type': type }, payload });
      assert.equal(res.statusCode, 415, type);
      assert.deepEqual(res.json(), { detail: 'Unsupported media type; send application/json.', code: 'unsupported_media_type' });
    }
    assert.equal(await countGreetings(store), 0);
  });

  test('a JSON content type with a charset or a +json suffix is accepted', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/json;charset=UTF-8', 'application/merge-patch+json']) {
      const res = await store.inject({ method: 'POST', url: LIST, headers: { 'content-type': type }, payload: JSON.stringify({ name: 'Ada' }) });
      assert.equal(res.statusCode, 201, type);
    }
  });

  test('a body over 1 MiB is a 413', async () => {
    const res = await postJson(store, LIST, { name: 'Ada', message: 'x'.repeat(1024 * 1024) });
    assert.equal(res.statusCode, 413);
    assert.deepEqual(res.json(), { detail: 'Request body is too large.', code: 'payload_too_large' });
  });

  test('an unknown path is a 404 in the error shape', async () => {
    for (const [method, url] of [['GET', '/api/v1/nothing-here/'], ['POST', '/api/v1/nothing-here/'], ['GET', '/favicon.ico']] as const) {
      const res = await store.inject({ method, url });
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), { detail: 'Not found.', code: 'not_found' });
    }
  });

  test('a wrong method on a known path is a 405 with Allow', async () => {
    const list = await store.inject({ method: 'DELETE', url: LIST });
    assert.equal(list.statusCode, 405);
    assert.equal(list.json().code, 'method_not_allowed');
    assert.deepEqual(list.headers.allow!.toString().split(', ').sort(), ['GET', 'HEAD', 'POST']);
    const detail = await store.inject({ method: 'PUT', url: `${LIST}1/`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    assert.equal(detail.statusCode, 405);
    assert.deepEqual(detail.headers.allow!.toString().split(', ').sort(), ['GET', 'HEAD']);
  });

  test('a conflict thrown by a service keeps its status and code', async () => {
    const res = await store.inject({ method: 'GET', url: '/api/v1/thrower/conflict/' });
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { detail: 'Not enough stock.', code: 'out_of_stock' });
  });

  test('an internal error is a 500 with only {detail, code}: no message, no stack trace', async () => {
    for (const url of ['/api/v1/thrower/plain/', '/api/v1/thrower/string/', '/api/v1/thrower/upstream/', '/api/v1/thrower/shape/']) {
      const res = await store.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 500, url);
      assert.deepEqual(res.json(), { detail: 'Internal server error.', code: 'server_error' }, url);
      assert.equal(hasStackTrace(res.body), false);
      assert.doesNotMatch(res.body, /hunter2|bare string|gateway/);
    }
  });
});

async function countGreetings(store: TestStore): Promise<number> {
  const row = await store.kernel.knex('hello_greetings').count({ n: '*' }).first();
  return Number((row as { n: number | string }).n);
}

test('list links keep a path in BASE_URL (a store served under https://example.com/shop)', async (t) => {
  const store = await exampleStore({ config: { baseUrl: 'https://example.com/shop' } });
  t.after(() => store.close());
  for (let i = 0; i < 3; i++) assert.equal((await postJson(store, LIST, { name: `n${i}` })).statusCode, 201);
  const body = (await store.inject({ method: 'GET', url: `${LIST}?page_size=1&page=2` })).json();
  assert.equal(body.next, 'https://example.com/shop/api/v1/hello/greetings/?page_size=1&page=3');
  assert.equal(body.previous, 'https://example.com/shop/api/v1/hello/greetings/?page_size=1');
});

test('a route that says form: true takes HTML form posts; every other route still answers them 415', async (t) => {
  const tmp = writePlugins({
    formish: pluginSource('formish', {
      body: `
        ctx.routes.add({ method: 'POST', path: '/api/v1/formish/', auth: 'public', summary: 'x', form: true,
          schema: { body: { type: 'object', required: ['outcome'], properties: { outcome: { type: 'string', enum: ['succeeded', 'failed'] } } },
            response: { 200: { type: 'object', properties: { outcome: { type: 'string' } } } } },
          handler: async (request) => ({ outcome: request.body.outcome }) });
      `,
    }),
  });
  const store = await exampleStore({ env: { PLUGINS: `examples/hello-plugin,${tmp.dirs.formish}` } });
  t.after(async () => {
    await store.close();
    tmp.remove();
  });
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  const ok = await store.inject({ method: 'POST', url: '/api/v1/formish/', headers: form, payload: 'outcome=failed' });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json(), { outcome: 'failed' });
  const bad = await store.inject({ method: 'POST', url: '/api/v1/formish/', headers: form, payload: 'outcome=maybe' });
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().errors.outcome);
  const json = await postJson(store, '/api/v1/formish/', { outcome: 'succeeded' });
  assert.equal(json.statusCode, 200, 'the same route still takes JSON');
  const elsewhere = await store.inject({ method: 'POST', url: LIST, headers: form, payload: 'name=Ada' });
  assert.equal(elsewhere.statusCode, 415);
});

test('an AppError from a plugin holding its own copy of the kernel modules keeps its status, code and errors', async (t) => {
  const tmp = writePlugins({
    // No "type": "module": tsx loads this folder as CommonJS, with a second copy of kernel/http/errors.ts.
    commonjs: {
      'package.json': JSON.stringify({ name: 'storekeep-plugin-commonjs', main: 'index.ts' }),
      'index.ts': pluginSource('commonjs', {
        imports: `import { AppError } from ${JSON.stringify(kernelModule('http/errors.ts'))};`,
        body: `
          ctx.routes.add({ method: 'GET', path: '/api/v1/commonjs/', auth: 'public', summary: 'x',
            schema: { response: { 200: { type: 'object' } } },
            handler: async () => { throw new AppError(409, 'widget_conflict', 'The widget is busy.', { widget: ['Busy.'] }); } });
        `,
      }),
    },
  });
  const store = await exampleStore({ env: { PLUGINS: tmp.dirs.commonjs } });
  t.after(async () => {
    await store.close();
    tmp.remove();
  });
  const res = await store.inject({ method: 'GET', url: '/api/v1/commonjs/' });
  assert.equal(res.statusCode, 409, res.body);
  assert.deepEqual(res.json(), { detail: 'The widget is busy.', code: 'widget_conflict', errors: { widget: ['Busy.'] } });
});

test('csrf: none lets a session post a self-protected form; a 303 is a valid success; the raw body is kept', async (t) => {
  const tmp = writePlugins({
    hosted: pluginSource('hosted', {
      body: `
        ctx.hooks.get('kernel').authenticate.tapPromise({ name: 'hosted' }, async (request) =>
          request.headers.cookie?.includes('sessionid=s1') ? { kind: 'customer', id: 1, email: 'c@example.com', via: 'session', sessionId: 's1' } : undefined);
        ctx.routes.add({ method: 'POST', path: '/hosted/form/', auth: 'public', summary: 'x', form: true, csrf: 'none', hidden: true,
          schema: { body: { type: 'object', properties: { outcome: { type: 'string' } } }, response: { 303: { type: 'null' } } },
          handler: async (request, reply) => reply.code(303).header('location', '/done/?raw=' + encodeURIComponent(request.rawBody)).send() });
        ctx.routes.add({ method: 'POST', path: '/hosted/guarded/', auth: 'public', summary: 'x', form: true, hidden: true,
          schema: { response: { 200: { type: 'object' } } }, handler: async () => ({}) });
      `,
    }),
  });
  const store = await exampleStore({ env: { PLUGINS: tmp.dirs.hosted } });
  t.after(async () => {
    await store.close();
    tmp.remove();
  });
  const headers = { 'content-type': 'application/x-www-form-urlencoded', cookie: 'sessionid=s1' };
  const posted = await store.inject({ method: 'POST', url: '/hosted/form/', headers, payload: 'outcome=succeeded' });
  assert.equal(posted.statusCode, 303, posted.body);
  assert.equal(posted.headers.location, '/done/?raw=outcome%3Dsucceeded');
  const guarded = await store.inject({ method: 'POST', url: '/hosted/guarded/', headers, payload: 'outcome=succeeded' });
  assert.equal(guarded.statusCode, 403, 'the default still demands X-CSRFToken from a session');
  assert.equal(guarded.json().code, 'csrf_failed');
});
