import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Client, clientStore, expectStatus, openClientStore, type ClientStore } from '../../../test/helpers/client.ts';
import { startTestStore } from '../../../test/helpers/store.ts';
import type { ResolveHost } from '../../../kernel/net/outbound.ts';
import { createCategory, createEndpoint, deliveryService, LOOPBACK_RECEIVERS, onlyDelivery, pump } from './helpers.ts';
import { startReceiver } from './receiver.ts';

// Never reachable, whatever OUTBOUND_ALLOW_PRIVATE says.
const ALWAYS_REFUSED = [
  // link-local and cloud metadata
  'https://169.254.169.254/latest/meta-data/',
  'https://169.254.10.20/',
  'https://[fe80::1]/',
  'https://[fd00:ec2::254]/',
  'https://100.100.100.200/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://METADATA.GOOGLE.INTERNAL./',
  // "this network", unspecified, multicast, broadcast
  'https://0.0.0.0/',
  'https://0.1.2.3/',
  'https://[::]/',
  'https://224.0.0.1/',
  'https://239.255.255.250/',
  'https://[ff02::1]/',
  'https://255.255.255.255/',
  // reserved, documentation, benchmarking, site-local, outside global unicast
  'https://192.0.2.1/',
  'https://198.51.100.7/',
  'https://203.0.113.9/',
  'https://198.18.0.1/',
  'https://240.0.0.1/',
  'https://192.0.0.8/',
  'https://[2001:db8::1]/',
  'https://[100::1]/',
  'https://[fec0::1]/',
  'https://[4000::1]/',
  // IPv6 forms carrying an IPv4 address that is not public
  'https://[::169.254.169.254]/',
  'https://[::127.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::ffff:0:a9fe:a9fe]/',
  'https://[::ffff:0:7f00:1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[64:ff9b::a00:1]/',
  'https://[64:ff9b:1::a9fe:a9fe]/',
  'https://[2002:a9fe:a9fe::1]/',
  'https://[2002:7f00:1::1]/',
  'https://[2002:c0a8:101::1]/',
  'https://[2001:0:a9fe:a9fe::1]/',
  // one number, hex and octal spellings of 169.254.169.254
  'https://2852039166/',
  'https://0xa9.0xfe.0xa9.0xfe/',
  'https://0251.0376.0251.0376/',
  // plain http to anything but loopback
  'http://hooks.example.com/',
  'http://10.0.0.5/',
];

// Reachable only with OUTBOUND_ALLOW_PRIVATE.
const LOOPBACK_AND_PRIVATE = [
  'http://127.0.0.1:3000/',
  'https://127.1.2.3/',
  'http://[::1]:3000/',
  'http://localhost:8080/hooks',
  'https://api.localhost/',
  'https://[::ffff:127.0.0.1]/',
  'https://0x7f.1/',
  'https://10.0.0.5/',
  'https://172.16.0.1/',
  'https://172.31.255.254/',
  'https://192.168.1.10/',
  'https://100.64.0.1/',
  'https://[::ffff:10.1.2.3]/',
  'https://[fc00::1]/',
  'https://[fd12:3456::1]/',
];

const PUBLIC = ['https://hooks.example.com/in', 'https://93.184.215.14/', 'https://[2606:4700::1111]/', 'https://[::ffff:93.184.215.14]/', 'https://[64:ff9b::5db8:d70e]/', 'https://[2002:5db8:d70e::1]/'];

async function expectRefused(ctx: ClientStore, url: string): Promise<void> {
  const body = expectStatus(await ctx.staff.post('/api/v1/webhooks/', { url, events: ['*'] }), 400);
  assert.equal(body.code, 'invalid', url);
  assert.deepEqual(Object.keys(body.errors), ['url'], `${url}: ${JSON.stringify(body)}`);
}

test('by default every loopback, private, link-local, reserved or embedding address is refused when an endpoint is saved', async (t) => {
  const ctx = await clientStore(t);
  for (const url of [...ALWAYS_REFUSED, ...LOOPBACK_AND_PRIVATE]) await expectRefused(ctx, url);
  const kept = await createEndpoint(ctx.staff, 'https://hooks.example.com/');
  const patch = expectStatus(await ctx.staff.patch(`/api/v1/webhooks/${kept.id}/`, { url: 'http://127.0.0.1:9000/' }), 400);
  assert.ok(patch.errors.url.length);
  for (const url of PUBLIC) await createEndpoint(ctx.staff, url);
  const count = await ctx.store.kernel.knex('webhook_endpoints').count({ n: '*' });
  assert.equal(Number(count[0]!.n), PUBLIC.length + 1, 'nothing refused was stored');
});

test('OUTBOUND_ALLOW_PRIVATE admits loopback and private targets, never link-local, metadata or reserved ones', async (t) => {
  const ctx = await clientStore(t, { env: LOOPBACK_RECEIVERS });
  for (const url of [...LOOPBACK_AND_PRIVATE, ...PUBLIC]) await createEndpoint(ctx.staff, url);
  for (const url of ALWAYS_REFUSED) await expectRefused(ctx, url);
});

// A TCP listener that only counts connections: proof that a refused delivery never connected.
async function connectionCounter(t: { after: (fn: () => Promise<void>) => void }): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

// DNS without a DNS server: these names resolve where a rebinding attacker would point them.
const resolveHost: ResolveHost = async (hostname) => {
  const table: Record<string, Array<{ address: string; family: number }>> = {
    'rebound.example.com': [{ address: '127.0.0.1', family: 4 }],
    'rebound6.example.com': [{ address: '::1', family: 6 }],
    'mixed.example.com': [{ address: '93.184.215.14', family: 4 }, { address: '10.0.0.7', family: 4 }],
    'metadata.example.com': [{ address: '169.254.169.254', family: 4 }],
    'mapped.example.com': [{ address: '::ffff:127.0.0.1', family: 6 }],
  };
  const found = table[hostname];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return found;
};

test('by default a host name resolving to loopback, private or link-local fails the delivery without connecting', async (t) => {
  const ctx = await clientStore(t, { resolveHost });
  const counter = await connectionCounter(t);
  const names = ['rebound.example.com', 'rebound6.example.com', 'mixed.example.com', 'metadata.example.com', 'mapped.example.com'];
  // A name may point anywhere later, so it is accepted when saved and checked at every connection.
  const endpoints = [];
  for (const name of names) endpoints.push(await createEndpoint(ctx.staff, `https://${name}:${counter.port}/hooks`, ['category.created']));
  await createCategory(ctx.staff);
  await pump(ctx.store);
  for (const [i, endpoint] of endpoints.entries()) {
    const delivery = await onlyDelivery(ctx, endpoint.id);
    assert.equal(delivery.status, 'pending', names[i]);
    assert.equal(delivery.last_status_code, null);
    assert.match(delivery.last_error, new RegExp(`Refused address: ${names[i]!.replace(/\./g, '\\.')} resolves to`), names[i]);
    assert.equal(delivery.response_body, null);
  }
  assert.equal(counter.connections(), 0, 'nothing connected');
});

test('by default every refused address fails the delivery without connecting, written in a stored URL or answered by DNS', async (t) => {
  const counter = await connectionCounter(t);
  // Every address literal of the lists, on the counter's port: as a URL stored before a rule existed,
  // and as the only DNS answer for a name.
  const literals = [...ALWAYS_REFUSED, ...LOOPBACK_AND_PRIVATE].map((raw) => new URL(raw)).filter((u) => u.hostname.startsWith('[') || /^[\d.]+$/.test(u.hostname));
  const table = new Map(literals.map((u, i) => [`n${i}.example.com`, u.hostname.replace(/^\[|\]$/g, '')]));
  const ctx = await clientStore(t, {
    resolveHost: async (hostname) => {
      const address = table.get(hostname);
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    },
  });
  const stored: Array<{ id: number; url: string }> = [];
  for (const u of literals) {
    u.port = String(counter.port);
    stored.push({ id: (await createEndpoint(ctx.staff, 'https://placeholder.example.com/', ['category.created'])).id, url: u.href });
  }
  for (const name of table.keys()) stored.push({ id: (await createEndpoint(ctx.staff, `https://${name}:${counter.port}/`, ['category.created'])).id, url: name });
  for (const e of stored.slice(0, literals.length)) await ctx.store.kernel.knex('webhook_endpoints').where({ id: e.id }).update({ url: e.url });
  await createCategory(ctx.staff);
  while ((await ctx.store.kernel.events.dispatchDue()) > 0);
  while ((await deliveryService(ctx.store).deliverDue()) > 0);
  for (const e of stored) {
    const delivery = await onlyDelivery(ctx, e.id);
    assert.equal(delivery.last_status_code, null, e.url);
    assert.match(delivery.last_error, /^Refused address: /, e.url);
  }
  assert.equal(counter.connections(), 0, 'nothing connected');
});

test('OUTBOUND_ALLOW_PRIVATE on: a name resolving to link-local is still refused at delivery', async (t) => {
  const ctx = await clientStore(t, { resolveHost, env: LOOPBACK_RECEIVERS });
  const counter = await connectionCounter(t);
  const endpoint = await createEndpoint(ctx.staff, `https://metadata.example.com:${counter.port}/`, ['category.created']);
  await createCategory(ctx.staff);
  await pump(ctx.store);
  assert.match((await onlyDelivery(ctx, endpoint.id)).last_error, /Refused address: .*169\.254\.169\.254.*never reachable/);
  assert.equal(counter.connections(), 0);
});

test('endpoints saved while private targets were allowed are refused at delivery once the setting is off', async (t) => {
  const first = await openClientStore({ env: LOOPBACK_RECEIVERS });
  t.after(() => first.store.close());
  const counter = await connectionCounter(t);
  const urls = [`http://127.0.0.1:${counter.port}/`, `http://[::ffff:127.0.0.1]:${counter.port}/`, `http://localhost:${counter.port}/`];
  const endpoints = [];
  for (const url of urls) endpoints.push(await createEndpoint(first.staff, url, ['category.created']));
  await first.store.kernel.stop();

  const second = await startTestStore({ shareWith: first.store });
  await createCategory(new Client(second, first.staff.headers));
  await pump(second);
  for (const endpoint of endpoints) {
    const row = await second.kernel.knex('webhook_deliveries').where({ endpoint_id: endpoint.id }).first();
    assert.equal(row.status, 'pending');
    assert.equal(row.last_status_code, null);
    assert.match(row.last_error, /Refused address: .*private targets are not allowed/);
  }
  assert.equal(counter.connections(), 0, 'nothing connected');
});

test('OUTBOUND_ALLOW_PRIVATE on: a loopback receiver gets deliveries, and the log keeps its status and latency but never its answer', async (t) => {
  const ctx = await clientStore(t, { env: LOOPBACK_RECEIVERS });
  const receiver = await startReceiver();
  t.after(() => receiver.close());
  receiver.script = [{ status: 500, body: 'root:x:0:0:root:/root:/bin/bash' }, { status: 200, body: '{"internal":"data"}' }];
  const endpoint = await createEndpoint(ctx.staff, receiver.url, ['category.created']);
  await createCategory(ctx.staff);
  await pump(ctx.store);
  const failed = await onlyDelivery(ctx, endpoint.id);
  assert.equal(receiver.received.length, 1);
  assert.equal(failed.last_status_code, 500);
  assert.equal(typeof failed.latency_ms, 'number');
  assert.equal(failed.response_body, null);
  expectStatus(await ctx.staff.post(`/api/v1/webhooks/${endpoint.id}/deliveries/${failed.id}/redeliver/`, undefined), 202);
  await pump(ctx.store);
  const delivered = await onlyDelivery(ctx, endpoint.id);
  assert.equal(receiver.received.length, 2);
  assert.equal(delivered.status, 'succeeded');
  assert.equal(delivered.last_status_code, 200);
  assert.equal(delivered.response_body, null);
  const stored = await ctx.store.kernel.knex('webhook_deliveries').where({ endpoint_id: endpoint.id }).first();
  assert.equal(stored.response_body, null, 'not stored either');
});
