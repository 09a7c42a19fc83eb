import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { startTestStore, type TestStore } from './helpers/store.ts';
import { authHeader, staffApiKey } from './helpers/auth.ts';
import { invalidBody, valid, type Resolve, type Schema } from './helpers/schema-arbitraries.ts';

/**
 * Schema-driven fuzzing of every documented operation. Requests are generated from the served
 * document itself and sent as a staff API key (and anonymously to public operations). Whatever the
 * answer: no 5xx, the status is one the operation documents, errors have the error shape, 2xx bodies
 * match the documented schema, a request the document calls invalid is refused with 400, and a
 * request it calls valid is not refused with 400 unless for a rule the operation states
 * (`x-rules`: error code or field → when).
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface Operation {
  method: string;
  path: string;
  op: any;
}

let store: TestStore;
let doc: any;
let staff: Record<string, string>;
const ids = new Map<string, Array<number | string>>();
const seen = new Map<string, number>();
// Likelier values by property name, filled in from the seeded records.
const likely: Record<string, fc.Arbitrary<unknown>> = {};
let spareKeyId = 0;

const addFormats = (ajv: Ajv) => ((addFormatsModule as any).default ?? addFormatsModule)(ajv);
// Bodies are checked as the server reads them (no coercion); query and path values arrive as text.
const bodyAjv = new Ajv({ allErrors: true, strict: false });
const responseAjv = new Ajv({ allErrors: true, strict: false });
// Query strings are read as the server reads them: text coerced to the schema's types.
const queryAjv = new Ajv({ allErrors: true, strict: false, coerceTypes: 'array' });
addFormats(queryAjv);
addFormats(bodyAjv);
addFormats(responseAjv);

const resolve: Resolve = (ref) => {
  const name = ref.replace(/^#\/components\/schemas\//, '');
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`unresolved ${ref}`);
  return found;
};

const compiled = new Map<Schema, ValidateFunction>();
function validatorOf(ajv: Ajv, schema: Schema): ValidateFunction {
  let fn = compiled.get(schema);
  if (!fn) {
    // The components ride along so that `#/components/schemas/…` resolves inside the schema.
    fn = ajv.compile({ ...schema, components: doc.components });
    compiled.set(schema, fn);
  }
  return fn;
}

// Deletions last, so that the seeded records serve every other operation first.
function operations(): Operation[] {
  const all = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
  return [...all.filter((o) => o.method !== 'delete'), ...all.filter((o) => o.method === 'delete')];
}

// Seeded ids per collection, so generated paths reach real records as often as missing ones.
function idsFor(path: string, param: string): Array<number | string> {
  if (path.startsWith('/api/v1/api-keys/')) return [spareKeyId];
  const base = path.slice(0, path.indexOf(`{${param}}`));
  return ids.get(base) ?? [];
}

function pathArbitrary(o: Operation): fc.Arbitrary<string> {
  const params = (o.op.parameters ?? []).filter((p: any) => p.in === 'path');
  if (params.length === 0) return fc.constant(o.path);
  const each = params.map((p: any) => {
    const known = idsFor(o.path, p.name);
    // API keys only by the spare key's id: revoking the fuzzer's own key would end the run.
    if (o.path.startsWith('/api/v1/api-keys/')) return fc.constant([p.name, known[0]] as const);
    const generated = valid(p.schema, resolve);
    return (known.length ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, { arbitrary: generated, weight: 1 }) : generated).map((v) => [p.name, v] as const);
  });
  return fc.tuple(...each).map((pairs) => (pairs as Array<readonly [string, unknown]>).reduce((url: string, [name, v]) => url.replace(`{${name}}`, encodeURIComponent(String(v))), o.path as string));
}

function queryArbitrary(o: Operation): fc.Arbitrary<string> {
  const params = (o.op.parameters ?? []).filter((p: any) => p.in === 'query');
  if (params.length === 0) return fc.constant('');
  const schema = { type: 'object', properties: Object.fromEntries(params.map((p: any) => [p.name, p.schema])), required: params.filter((p: any) => p.required).map((p: any) => p.name) };
  return valid(schema, resolve, likely).map((q) => {
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(q as Record<string, unknown>)) if (v !== null && v !== undefined) search.set(k, String(v));
    const s = search.toString();
    return s ? `?${s}` : '';
  });
}

function querySchemaOf(o: Operation): Schema | undefined {
  const params = (o.op.parameters ?? []).filter((p: any) => p.in === 'query');
  if (params.length === 0) return undefined;
  return { type: 'object', properties: Object.fromEntries(params.map((p: any) => [p.name, p.schema])) };
}

// One query parameter set to text its schema may refuse; the test asks ajv whether it does.
function brokenQuery(schema: Schema): fc.Arbitrary<{ name: string; value: string }> {
  return fc.record({
    name: fc.constantFrom(...Object.keys(schema.properties)),
    value: fc.constantFrom('not-a-valid-value', '0', '-5', '1.5', '101', 'x'.repeat(300), '2026-13-45', 'ABCD', '--name'),
  });
}

function bodySchemaOf(o: Operation): Schema | undefined {
  return o.op.requestBody?.content?.['application/json']?.schema;
}

function describeRequest(method: string, url: string, body: unknown): string {
  return `${method.toUpperCase()} ${url} ${body === undefined ? '' : JSON.stringify(body).slice(0, 400)}`;
}

/** Checks one answer against what the operation documents; returns a failure message or undefined. */
function judge(o: Operation, res: { statusCode: number; body: string; headers: Record<string, unknown> }, expectValid: boolean | undefined): string | undefined {
  const status = res.statusCode;
  if (status >= 500) return `answered ${status}: ${res.body.slice(0, 300)}`;
  const given = o.op.responses?.[String(status)];
  const documented = given?.$ref ? doc.components.responses[given.$ref.split('/').pop()] : given;
  if (!documented) return `answered ${status}, which the operation does not document (${Object.keys(o.op.responses).join(', ')}): ${res.body.slice(0, 200)}`;
  const schema = documented.content?.['application/json']?.schema;
  const json = res.body && String(res.headers['content-type'] ?? '').startsWith('application/json') ? JSON.parse(res.body) : undefined;
  if (schema && status !== 304) {
    const check = validatorOf(responseAjv, schema);
    if (!check(json)) return `${status} body does not match its documented schema: ${bodyAjv.errorsText(check.errors)} in ${res.body.slice(0, 300)}`;
  }
  if (status >= 400 && !validatorOf(responseAjv, { $ref: '#/components/schemas/Error' })(json)) return `error body is not {detail, code, errors?}: ${res.body.slice(0, 200)}`;
  if (expectValid === false && status < 300) return `accepted a request the document calls invalid (${status})`;
  if (expectValid === true && status === 400) {
    const rules = (o.op['x-rules'] ?? {}) as Record<string, string>;
    const fields = Object.keys(json.errors ?? {});
    // `products.0.variants.1.price` is stated by a rule on `products.variants.price` or on any prefix of it.
    const statedFor = (field: string) => {
      const parts = field.split('.').filter((p) => !/^\d+$/.test(p));
      return parts.some((_, i) => parts.slice(0, i + 1).join('.') in rules);
    };
    const stated = json.code in rules || (fields.length > 0 && fields.every(statedFor));
    if (!stated) return `refused a schema-valid request for a reason the document does not state: ${res.body.slice(0, 300)}`;
  }
  return undefined;
}

before(async () => {
  store = await startTestStore();
  staff = authHeader(await staffApiKey(store, { name: 'fuzzer' }));
  doc = (await store.inject({ method: 'GET', url: '/latest/openapi.json' })).json();
  const post = async (url: string, payload: unknown) => {
    const res = await store.inject({ method: 'POST', url, headers: { ...staff, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
    assert.ok(res.statusCode < 300, `seeding ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  // A little of everything: a category, a product with a variant in stock, a cart with a line, a
  // voucher, a shipping method, a page, a webhook endpoint and a spare API key.
  const category = await post('/api/v1/categories/', { name: 'Shoes' });
  const product = await post('/api/v1/products/', { name: 'Runner', status: 'active', category_id: category.id, variants: [{ sku: 'RUN-1', price: '49.90' }] });
  const warehouses = (await store.inject({ method: 'GET', url: '/api/v1/warehouses/', headers: staff })).json().results;
  if (warehouses[0]) {
    await store.inject({ method: 'POST', url: '/api/v1/inventory/adjust/', headers: { ...staff, 'content-type': 'application/json' }, payload: JSON.stringify({ variant_id: product.variants[0].id, warehouse_id: warehouses[0].id, delta: 20 }) });
  }
  const cart = await post('/api/v1/cart/', {});
  await post(`/api/v1/cart/${cart.id}/items/`, { variant_id: product.variants[0].id, quantity: 1 });
  await post('/api/v1/vouchers/', { code: 'TENOFF', discount_type: 'percentage', value: '10' });
  await post('/api/v1/shipping-methods/', { name: 'Flat', price: '4.90', countries: ['DE', 'US'] });
  await post('/api/v1/pages/', { title: 'About us', body: '<p>Hello</p>', published: true });
  await post('/api/v1/webhooks/', { url: 'https://hooks.example.com/in', events: ['*'] });
  spareKeyId = (await post('/api/v1/api-keys/', { name: 'spare' })).id;
  ids.set('/api/v1/cart/', [cart.id]);
  for (const o of operations()) {
    if (o.method !== 'get' || o.path.includes('{') || !o.path.startsWith('/api/v1/')) continue;
    const res = await store.inject({ method: 'GET', url: o.path, headers: staff });
    const results = res.statusCode === 200 ? res.json().results : undefined;
    if (Array.isArray(results)) ids.set(o.path, [...(ids.get(o.path) ?? []), ...results.map((r: any) => r.id as number | string).filter((id: unknown) => id !== undefined)]);
  }
  const some = (path: string) => fc.constantFrom(...(ids.get(path)?.length ? ids.get(path)! : [1]));
  Object.assign(likely, {
    category_id: some('/api/v1/categories/'),
    parent_id: some('/api/v1/categories/'),
    product: some('/api/v1/products/'),
    variant_id: fc.constant(product.variants[0].id),
    warehouse_id: some('/api/v1/warehouses/'),
    cart_id: fc.constant(cart.id),
    translations: fc.constant({}),
    currency: fc.constant('USD'),
    country: fc.constantFrom('DE', 'US'),
    countries: fc.constant(['DE']),
    events: fc.constant(['*']),
    code: fc.constant('TENOFF'),
    page: fc.constantFrom(1, 2),
  });
});
after(() => store?.close());

test('every operation answers generated requests as its document says', async () => {
  const failures: string[] = [];
  const callers: Array<[string, Record<string, string>]> = [['staff', staff], ['anonymous', {}]];
  for (const o of operations()) {
    const bodySchema = bodySchemaOf(o);
    const isPublic = Array.isArray(o.op.security) && o.op.security.length === 0;
    const request = fc.record({
      url: fc.tuple(pathArbitrary(o), queryArbitrary(o)).map(([p, q]) => p + q),
      body: bodySchema ? valid(bodySchema, resolve, likely) : fc.constant(undefined),
      caller: fc.constantFrom(...(isPublic ? callers : callers.slice(0, 1))),
    });
    const send = async (url: string, body: unknown, headers: Record<string, string>) =>
      store.inject({
        method: o.method.toUpperCase() as any,
        url,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
    const validRun = await fc.check(
      fc.asyncProperty(request, async ({ url, body, caller }) => {
        // A generated body the document itself refuses (a pattern fast-check widened) proves nothing.
        if (bodySchema && !validatorOf(bodyAjv, bodySchema)(body)) return true;
        const res = await send(url, body, caller[1]);
        seen.set(`${o.method} ${o.path} ${res.statusCode}`, (seen.get(`${o.method} ${o.path} ${res.statusCode}`) ?? 0) + 1);
        const failure = judge(o, res, caller[0] === 'staff' ? true : undefined);
        if (failure) throw new Error(`${caller[0]}: ${describeRequest(o.method, url, body)} → ${failure}`);
        return true;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (validRun.failed) failures.push(`[valid, seed ${SEED}] ${String((validRun.errorInstance as Error)?.message ?? validRun.counterexample)}`);
    const querySchema = querySchemaOf(o);
    if (querySchema) {
      const queryRun = await fc.check(
        fc.asyncProperty(pathArbitrary(o), brokenQuery(querySchema), async (path, { name, value }) => {
          if (validatorOf(queryAjv, querySchema)({ [name]: value })) return true;
          const url = `${path}?${new URLSearchParams({ [name]: value })}`;
          // Without a body: the query is checked first, so a body would not change the answer.
          const res = await send(url, undefined, staff);
          seen.set(`${o.method} ${o.path} invalid ${name}: ${res.statusCode}`, (seen.get(`${o.method} ${o.path} invalid ${name}: ${res.statusCode}`) ?? 0) + 1);
          const failure = judge(o, res, false) ?? (res.statusCode === 400 || res.statusCode === 403 ? undefined : `answered ${res.statusCode} to an invalid ${name}`);
          if (failure) throw new Error(`${describeRequest(o.method, url, undefined)} → ${failure}`);
          return true;
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      if (queryRun.failed) failures.push(`[invalid query, seed ${SEED}] ${String((queryRun.errorInstance as Error)?.message ?? queryRun.counterexample)}`);
    }
    if (!bodySchema) continue;
    const broken = fc.record({ url: pathArbitrary(o), mutation: invalidBody(bodySchema, resolve, valid(bodySchema, resolve)) });
    const invalidRun = await fc.check(
      fc.asyncProperty(broken, async ({ url, mutation }) => {
        if (validatorOf(bodyAjv, bodySchema)(mutation.value)) return true;
        const res = await send(url, mutation.value, staff);
        const failure = judge(o, res, false) ?? (res.statusCode === 400 || res.statusCode === 404 || res.statusCode === 403 ? undefined : `answered ${res.statusCode} to an invalid body (${mutation.kind})`);
        if (failure) throw new Error(`${describeRequest(o.method, url, mutation.value)} → ${failure}`);
        return true;
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    if (invalidRun.failed) failures.push(`[invalid, seed ${SEED}] ${String((invalidRun.errorInstance as Error)?.message ?? invalidRun.counterexample)}`);
  }
  // FUZZ_DEBUG=1 prints how often each operation answered each status (what the run reached).
  if (process.env.FUZZ_DEBUG) console.error([...seen].sort().map(([k, n]) => `${k} ×${n}`).join('\n'));
  assert.deepEqual(failures, [], `fuzzing found ${failures.length} problem(s) (FUZZ_SEED=${SEED}):\n${failures.join('\n')}`);
});
