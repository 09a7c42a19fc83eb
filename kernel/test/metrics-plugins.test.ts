import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import type { TestStore } from '../../test/helpers/store.ts';
import { captureLogs, kernelStore, pluginSource, portOf, waitFor, wire, writePlugins } from './helpers.ts';
import { count, sample } from './metrics-text.ts';

// The kernel alone, over a real HTTPS port, with a throwaway plugin that adds metrics of its own
// (`ctx.metrics`) and routes that are slow, cached, and count clicks.
const TOKEN = 'plugin-scrape-token-0123456789';

const widgets = pluginSource('widgets', {
  body: `
    const state = (globalThis as any).widgetGauge;
    ctx.metrics.gauge({
      name: 'storekeep_test_widgets',
      help: 'Widgets by colour.',
      labelNames: ['colour'],
      collect: () => state.collect(),
    });
    const clicks = ctx.metrics.counter({ name: 'storekeep_test_clicks_total', help: 'Clicks by button.', labelNames: ['button'] });
    ctx.routes.add({
      method: 'POST', path: '/api/v1/clicks/', auth: 'public', csrf: 'none', summary: 'Counts a click.',
      schema: { response: { 200: { type: 'object' } } },
      handler: async () => { clicks.inc({ button: 'buy' }); return {}; },
    });
    ctx.routes.add({
      method: 'GET', path: '/api/v1/slow/', auth: 'public', summary: 'Answers after a while.',
      schema: { response: { 200: { type: 'object', properties: { done: { type: 'boolean' } } } } },
      handler: async () => { await new Promise((resolve) => setTimeout(resolve, 600)); return { done: true }; },
    });
    ctx.routes.add({
      method: 'GET', path: '/api/v1/cached-widgets/', auth: 'public', cache: 'anonymous', summary: 'A cacheable read.',
      schema: { response: { 200: { type: 'object', properties: { widgets: { type: 'integer' } } } } },
      handler: async () => ({ widgets: 3 }),
    });
  `,
});

const widgetGauge: { collect: () => unknown } = { collect: () => [] };
(globalThis as any).widgetGauge = widgetGauge;

const plugins = writePlugins({ widgets });
const logs = captureLogs();
let store: TestStore;
let origin: string;

before(async () => {
  store = await kernelStore({
    lazy: true,
    env: { PLUGINS: plugins.dirs.widgets!, PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
    logStream: logs.logStream,
  });
  await store.kernel.start();
  await store.kernel.foreignChanges.stop();
  origin = `https://127.0.0.1:${portOf(store)}`;
});
after(async () => {
  await store.close();
  plugins.remove();
});

async function scrape(): Promise<string> {
  const res = await wire(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.status, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return res.body;
}

test('a plugin adds gauges read at scrape time and counters; a failing or slow gauge is left out, the scrape still answers', async () => {
  widgetGauge.collect = async () => [{ labels: { colour: 'red' }, value: 2 }, { labels: { colour: 'blue' }, value: 5 }];
  let text = await scrape();
  assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'red' }), 2);
  assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'blue' }), 5);
  assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), 1);

  for (let i = 0; i < 3; i++) assert.equal((await wire(`${origin}/api/v1/clicks/`, { method: 'POST' })).status, 200);
  text = await scrape();
  assert.equal(sample(text, 'storekeep_test_clicks_total', { button: 'buy' }), 3);

  widgetGauge.collect = async () => {
    throw new Error('the widget table is gone');
  };
  for (let i = 0; i < 2; i++) {
    text = await scrape();
    assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'red' }), undefined, 'no stale value');
    assert.match(text, /^# TYPE storekeep_test_widgets gauge$/m);
    assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), 0);
    assert.equal(sample(text, 'storekeep_test_clicks_total', { button: 'buy' }), 3, 'the rest of the scrape is there');
  }
  const failures = logs.lines.filter((l) => l.msg === 'metrics reading failed; its gauges are left out until it succeeds');
  assert.equal(failures.length, 1, 'logged once, not on every scrape');
  assert.equal(failures[0].plugin, 'widgets');
  assert.equal(failures[0].err.message, 'the widget table is gone');

  // A reading that does not answer (a database that swallows packets) costs the scrape 2 s, not more.
  let answer: (samples: unknown[]) => void = () => undefined;
  let calls = 0;
  widgetGauge.collect = () => {
    calls++;
    return new Promise((resolve) => (answer = resolve));
  };
  const started = Date.now();
  text = await scrape();
  assert.ok(Date.now() - started < 5_000);
  assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), 0);
  // The next scrape waits for the same reading rather than asking again: one query in flight at most.
  text = await scrape();
  assert.equal(calls, 1);
  assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), 0);

  answer([]);
  widgetGauge.collect = () => [{ labels: { colour: 'green' }, value: 1 }];
  text = await scrape();
  assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'green' }), 1);
  assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'red' }), undefined);
  assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), 1);
  assert.equal(logs.lines.filter((l) => l.msg === 'metrics reading succeeds again' && l.plugin === 'widgets').length, 1);
});

test('a plugin that is off reports nothing; bad metric names stop its registration, named', async () => {
  widgetGauge.collect = () => [{ labels: { colour: 'red' }, value: 1 }];
  store.kernel.pluginStates.setEnabled('widgets', false);
  try {
    const text = await scrape();
    assert.equal(sample(text, 'storekeep_test_widgets', { colour: 'red' }), undefined);
    assert.equal(sample(text, 'storekeep_metrics_reading_success', { reading: 'storekeep_test_widgets' }), undefined);
  } finally {
    store.kernel.pluginStates.setEnabled('widgets', true);
  }

  const bad = writePlugins({
    'bad-metrics': pluginSource('bad-metrics', { body: `ctx.metrics.gauge({ name: 'widgets', help: 'No prefix.', collect: () => [] });` }),
    'twice-metrics': pluginSource('twice-metrics', { body: `ctx.metrics.counter({ name: 'storekeep_http_requests_total', help: 'Taken.' });` }),
  });
  try {
    for (const [name, message] of [
      ['bad-metrics', /Plugin "bad-metrics" failed to register: .*"widgets" must start with storekeep_/],
      ['twice-metrics', /Plugin "twice-metrics" failed to register: Plugin "twice-metrics" cannot add metric "storekeep_http_requests_total": .*already been registered/],
    ] as const) {
      const other = await kernelStore({ lazy: true, env: { PLUGINS: bad.dirs[name]! } });
      try {
        await assert.rejects(other.kernel.ready(), message);
      } finally {
        await other.close();
      }
    }
  } finally {
    bad.remove();
  }
});

test('requests no route matches share one route label; a client that leaves early is logged once and counted as 499', async () => {
  const before = await scrape();
  for (const path of ['/no/such/path', '/another/unknown/one?x=1', '/metrics/nested']) assert.equal((await wire(`${origin}${path}`)).status, 404);
  const text = await scrape();
  assert.equal(count(text, 'storekeep_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }) - count(before, 'storekeep_http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }), 3);
  assert.doesNotMatch(text, /route="\/no\/such\/path"/);

  await new Promise<void>((resolve) => {
    const req = https.request(`${origin}/api/v1/slow/`, { headers: { 'x-request-id': 'leaves-early' }, rejectUnauthorized: false, agent: false });
    req.on('error', () => resolve());
    req.end();
    setTimeout(() => req.destroy(), 150);
  });
  const aborted = await waitFor(() => logs.lines.find((l) => l.reqId === 'leaves-early' && l.msg === 'request aborted'), 'the aborted line');
  assert.equal(aborted.res.statusCode, 499);
  assert.equal(aborted.route, '/api/v1/slow/');
  assert.equal(aborted.principal, 'anonymous');
  // The handler finishes later and writes into the closed connection: still one line.
  await new Promise((resolve) => setTimeout(resolve, 800));
  assert.equal(logs.lines.filter((l) => l.reqId === 'leaves-early' && /^request /.test(l.msg)).length, 1);
  assert.equal(count(await scrape(), 'storekeep_http_requests_total', { method: 'GET', route: '/api/v1/slow/', status: '499' }), 1);
});

test('a cached answer given before routing is counted as a hit and as a request of its route, and logged on one line', async () => {
  const url = `${origin}/api/v1/cached-widgets/`;
  const labels = { method: 'GET', route: '/api/v1/cached-widgets/', status: '200' };
  const before = await scrape();
  assert.equal((await wire(url, { headers: { 'x-request-id': 'cached-miss' } })).status, 200);
  const hit = await wire(url, { headers: { 'x-request-id': 'cached-direct-hit' } });
  assert.equal(hit.status, 200);
  assert.deepEqual(hit.json(), { widgets: 3 });
  const text = await scrape();
  const delta = (name: string, l: Record<string, string> = {}) => count(text, name, l) - count(before, name, l);
  assert.equal(delta('storekeep_response_cache_misses_total'), 1);
  assert.equal(delta('storekeep_response_cache_hits_total'), 1);
  assert.equal(delta('storekeep_http_requests_total', labels), 2);
  assert.equal(delta('storekeep_http_request_duration_seconds_count', labels), 2);
  for (const id of ['cached-miss', 'cached-direct-hit']) {
    const lines = logs.lines.filter((l) => l.reqId === id);
    assert.deepEqual(lines.map((l) => l.msg), ['request completed'], id);
    assert.equal(lines[0].route, '/api/v1/cached-widgets/');
    assert.equal(lines[0].res.statusCode, 200);
    assert.equal(lines[0].principal, 'anonymous');
    assert.equal(lines[0].req.url, '/api/v1/cached-widgets/');
  }
});
