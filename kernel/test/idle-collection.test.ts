import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import vm from 'node:vm';
import type { TestStore } from '../../test/helpers/store.ts';
import { fullCollection } from '../idle-collection.ts';
import { kernelStore, portOf, waitFor, wire } from './helpers.ts';
import { sample } from './metrics-text.ts';

const QUIET_MS = 300;
const TOKEN = 'idle-collection-scrape-token-0123';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let store: TestStore;
let origin: string;

before(async () => {
  store = await kernelStore({ lazy: true, idleCollectionMs: QUIET_MS, env: { PORT: '0', HOST: '127.0.0.1', METRICS_TOKEN: TOKEN } });
  await store.kernel.start();
  origin = `https://127.0.0.1:${portOf(store)}`;
});
after(() => store.close());

const collections = () => store.kernel.idleCollection.collections;

test('a serving store collects once after start, once after each spell of requests, and never while requests keep coming', async () => {
  await waitFor(() => collections() === 1, 'the collection after start');
  await sleep(QUIET_MS * 3);
  assert.equal(collections(), 1, 'nothing happened since: no second collection');

  // Requests every 50 ms for twice the quiet: the quiet never lasts, so nothing is collected meanwhile.
  const until = Date.now() + QUIET_MS * 2;
  while (Date.now() < until) {
    assert.equal((await wire(`${origin}/healthz`)).status, 200);
    await sleep(50);
  }
  assert.equal(collections(), 1, 'no collection while requests keep coming');
  await waitFor(() => collections() === 2, 'the collection once the requests stopped');

  // A scrape reads the count, and is a request like any other.
  const scraped = await wire(`${origin}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(scraped.status, 200, scraped.body);
  assert.equal(sample(scraped.body, 'storekeep_idle_collections_total'), 2);
  await waitFor(() => collections() === 3, 'the collection after the scrape');
});

test('a store that is not serving (no port, as in tests and the CLI) never collects', async () => {
  const idle = await kernelStore({ idleCollectionMs: 50 });
  try {
    assert.equal((await idle.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    await sleep(300);
    assert.equal(idle.kernel.idleCollection.collections, 0);
  } finally {
    await idle.close();
  }
});

test('the collection frees what nothing references, and leaves no gc() to other contexts', async () => {
  const collect = fullCollection();
  let freed = false;
  const registry = new FinalizationRegistry(() => (freed = true));
  (() => registry.register({ payload: new Array(1000).fill('garbage') }, 'dropped'))();
  await waitFor(async () => {
    collect();
    await sleep(20);
    return freed;
  }, 'the dropped object to be collected');
  assert.equal(vm.runInNewContext('typeof gc'), 'undefined');
});
