import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { expectStatus, openClientStore, type ClientStore } from '../helpers/client.ts';
import { startTestStore } from '../helpers/store.ts';
import { writePlugins } from '../../kernel/test/helpers.ts';
import { createEndpoint, LOOPBACK_RECEIVERS, pump } from '../../plugins/webhooks/test/helpers.ts';
import { startReceiver, type Receiver } from '../../plugins/webhooks/test/receiver.ts';

// A plugin as an author writes it: its own event type and a field it adds to products, declared in
// definePlugin; a staff route emits the event in the request's transaction.
const AWARD_SCHEMA = {
  type: 'object',
  required: ['customer_id', 'points'],
  properties: { customer_id: { type: 'integer' }, points: { type: 'integer', minimum: 1 } },
};

const loyalty = `import { definePlugin } from '@storekeep-commerce/sdk';
export default definePlugin({
  name: 'loyalty',
  version: '1.0.0',
  storeVersions: '>=0.1.0',
  dependsOn: ['core-catalog'],
  events: { 'loyalty.points_awarded': { summary: 'Points were awarded to a customer', description: 'Once per award.', schema: ${JSON.stringify(AWARD_SCHEMA)} } },
  fields: { Product: { loyalty_points: { type: 'integer', minimum: 0, description: 'Points per variant bought.' } } },
  register(ctx) {
    ctx.hooks.get('catalog').serializeProduct.tapPromise({ name: 'loyalty' }, async (products) => {
      for (const product of products) Object.assign(product, { loyalty_points: 5 * product.variants.length });
      return products;
    });
    ctx.routes.add({
      method: 'POST', path: '/api/v1/loyalty/awards/', auth: 'staff', summary: 'Award points.',
      schema: {
        body: { type: 'object', required: ['customer_id', 'points'], properties: { customer_id: { type: 'integer', minimum: 1 }, points: { type: 'integer', minimum: 1 } } },
        response: { 201: { type: 'object', properties: { event_id: { type: 'integer' } } } },
      },
      handler: async (request, reply) => {
        const eventId = await ctx.events.emit(request.trx, 'loyalty.points_awarded', request.body);
        reply.code(201);
        return { event_id: eventId };
      },
    });
  },
});
`;

// Plugins whose declarations the store refuses at start.
const declaring = (name: string, extra: string) => `import { definePlugin } from '@storekeep-commerce/sdk';
export default definePlugin({ name: '${name}', version: '1.0.0', storeVersions: '>=0.1.0', ${extra}, register() {} });
`;
const plugins = writePlugins({
  loyalty,
  'core-clash': declaring('core-clash', `events: { 'order.paid': { summary: 'Again', schema: { type: 'object' } } }`),
  'twin-a': declaring('twin-a', `events: { 'twin.happened': { summary: 'A', schema: { type: 'object' } } }`),
  'twin-b': declaring('twin-b', `events: { 'twin.happened': { summary: 'B', schema: { type: 'object' } } }`),
  'unknown-resource': declaring('unknown-resource', `fields: { Nope: { extra: { type: 'string' } } }`),
  'field-clash': declaring('field-clash', `fields: { Product: { name: { type: 'string' } } }`),
  'bad-type': declaring('bad-type', `events: { 'NotAType': { summary: 'x', schema: { type: 'object' } } }`),
  'bad-schema': declaring('bad-schema', `events: { 'bad.schema': { summary: 'x', schema: { type: 'no-such-type' } } }`),
});

let ctx: ClientStore;
let receiver: Receiver;
before(async () => {
  receiver = await startReceiver();
  ctx = await openClientStore({ env: { ...LOOPBACK_RECEIVERS, PLUGINS: plugins.dirs.loyalty! } });
});
after(async () => {
  await ctx.store.close();
  await receiver.close();
  plugins.remove();
});

test('a declared event type is subscribable, delivered, listed and documented in OpenAPI with its schema', async () => {
  const unknown = await ctx.staff.post('/api/v1/webhooks/', { url: receiver.url, events: ['loyalty.points_redeemed'] });
  assert.equal(unknown.statusCode, 400);
  assert.match(JSON.stringify(unknown.json().errors), /Unknown event type \\"loyalty.points_redeemed\\"/);

  const endpoint = await createEndpoint(ctx.staff, receiver.url, ['loyalty.points_awarded']);
  const award = expectStatus(await ctx.staff.post('/api/v1/loyalty/awards/', { customer_id: 7, points: 30 }), 201);
  await pump(ctx.store);
  const got = receiver.received.filter((r) => r.body?.type === 'loyalty.points_awarded');
  assert.equal(got.length, 1, 'delivered once to the subscribed endpoint');
  assert.equal(got[0]!.body.id, award.event_id);
  assert.deepEqual(got[0]!.body.data, { customer_id: 7, points: 30 });
  const log = expectStatus(await ctx.staff.get(`/api/v1/webhooks/${endpoint.id}/deliveries/`), 200);
  assert.equal(log.results.length, 1);

  const events = expectStatus(await ctx.staff.get('/api/v1/events/?type=loyalty.points_awarded'), 200);
  assert.deepEqual(events.results.map((e: any) => [e.id, e.type]), [[award.event_id, 'loyalty.points_awarded']]);

  const doc = expectStatus(await ctx.anon.get('/latest/openapi.json'), 200);
  const hook = doc.webhooks['loyalty.points_awarded'].post;
  assert.equal(hook['x-plugin'], 'loyalty');
  assert.match(hook.description, /^Points were awarded to a customer\. Once per award\. Emitted by plugin `loyalty`\./);
  assert.deepEqual(hook.requestBody.content['application/json'].schema.properties.data, AWARD_SCHEMA);
});

test('a declared field appears in the answers and in the resource schema of the OpenAPI document', async () => {
  const product = expectStatus(
    await ctx.staff.post('/api/v1/products/', { name: 'Mug', status: 'active', options: [{ name: 'Size', values: ['S', 'L'] }], variants: [{ sku: 'MUG-S', price: '9.00', options: { Size: 'S' } }, { sku: 'MUG-L', price: '9.50', options: { Size: 'L' } }] }),
    201,
  );
  assert.equal(product.loyalty_points, 10);
  const read = expectStatus(await ctx.anon.get(`/api/v1/products/${product.id}/`), 200);
  assert.equal(read.loyalty_points, 10);
  const list = expectStatus(await ctx.anon.get('/api/v1/products/'), 200);
  assert.equal(list.results.find((p: any) => p.id === product.id).loyalty_points, 10);

  const doc = expectStatus(await ctx.anon.get('/latest/openapi.json'), 200);
  assert.deepEqual(doc.components.schemas.Product.properties.loyalty_points, { type: 'integer', minimum: 0, description: 'Points per variant bought.', 'x-plugin': 'loyalty' });
});

test('a store without the plugin documents neither its field nor its event (declarations stay with their store)', async (t) => {
  const plain = await openClientStore();
  t.after(() => plain.store.close());
  const doc = expectStatus(await plain.anon.get('/latest/openapi.json'), 200);
  assert.equal(doc.components.schemas.Product.properties.loyalty_points, undefined);
  assert.equal(doc.webhooks['loyalty.points_awarded'], undefined);
  const refused = await plain.staff.post('/api/v1/webhooks/', { url: receiver.url, events: ['loyalty.points_awarded'] });
  assert.equal(refused.statusCode, 400);
});

test('start refuses a core event type declared again, a type two plugins declare, an unknown resource and a field clash, naming the plugins', async () => {
  const refusals: Array<[string, RegExp]> = [
    [plugins.dirs['core-clash']!, /Plugin "core-clash" declares event type "order\.paid", which the store already has/],
    [`${plugins.dirs['twin-a']},${plugins.dirs['twin-b']}`, /Plugins "twin-a" and "twin-b" both declare event type "twin\.happened"/],
    [plugins.dirs['unknown-resource']!, /Plugin "unknown-resource" declares fields on "Nope", which is not a resource of this store \(known: .*Product/],
    [plugins.dirs['field-clash']!, /Plugin "field-clash" declares field "Product\.name", which the resource already has/],
    [plugins.dirs['bad-type']!, /Plugin "bad-type": event type "NotAType" must look like resource\.past_tense/],
    [plugins.dirs['bad-schema']!, /Plugin "bad-schema": event type "bad\.schema" has an invalid JSON Schema/],
  ];
  for (const [dirs, message] of refusals) {
    const store = await startTestStore({ lazy: true, env: { PLUGINS: dirs } });
    try {
      await assert.rejects(store.kernel.ready(), message);
    } finally {
      await store.close();
    }
  }
});
