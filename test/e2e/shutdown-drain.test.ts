import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'undici';
import { run } from '../helpers/process.ts';
import { storeProcessEnv } from '../helpers/store-env.ts';

interface Tally {
  served: number;
  refused503: number;
  /** A new connection refused after the port closed: a clean "not here", not a reset. */
  connectionRefused: number;
  failures: string[];
  bad503: string[];
}

/**
 * One client going as fast as it can, as a load balancer's pooled connection would: `keepAlive` reuses
 * the connection, otherwise each request opens a new one. It stops at its first 503 (it honours
 * Retry-After) or when the port refuses connections.
 */
async function hammer(origin: string, keepAlive: boolean, tally: Tally, started: () => void): Promise<void> {
  const open = () => new Client(origin, { connect: { rejectUnauthorized: false }, pipelining: 1 });
  let client = open();
  try {
    for (let i = 0; ; i++) {
      if (i === 5) started();
      try {
        const res = await client.request({ method: 'GET', path: i % 2 ? '/readyz' : '/api/v1/products/', headers: keepAlive ? {} : { connection: 'close' } });
        const text = await res.body.text();
        if (res.statusCode === 503) {
          tally.refused503++;
          const body = JSON.parse(text);
          if (body.code !== 'shutting_down' || typeof body.detail !== 'string' || res.headers.connection !== 'close' || !res.headers['retry-after']) {
            tally.bad503.push(`${JSON.stringify(res.headers)} ${text}`);
          }
          return;
        }
        if (res.statusCode !== 200) tally.failures.push(`status ${res.statusCode}: ${text}`);
        else tally.served++;
      } catch (err) {
        const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
        if (code === 'ECONNREFUSED') {
          tally.connectionRefused++;
          return;
        }
        tally.failures.push(`${code}: ${(err as Error).message}`);
        return;
      }
      if (!keepAlive) {
        await client.close();
        client = open();
      }
    }
  } finally {
    await client.destroy();
  }
}

test('SIGTERM under load: every request is answered (served or 503 shutting_down), none is reset, and the process exits 0', async (t) => {
  const { port, env } = await storeProcessEnv(t, 'drain', { RATE_LIMIT_ANONYMOUS: '0', SHUTDOWN_GRACE_MS: '5000' });
  const store = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], env);
  t.after(() => store.child.kill('SIGKILL'));
  await store.waitFor(/Storekeep is serving/);

  const tally: Tally = { served: 0, refused503: 0, connectionRefused: 0, failures: [], bad503: [] };
  const clients = 8;
  let running = 0;
  let allStarted!: () => void;
  const started = new Promise<void>((resolve) => (allStarted = resolve));
  const onStarted = () => ++running === clients && allStarted();
  const origin = `https://127.0.0.1:${port}`;
  const load = Promise.all(Array.from({ length: clients }, (_, i) => hammer(origin, i % 4 !== 0, tally, onStarted)));

  // Every client is mid-stream when the signal arrives.
  await started;
  store.child.kill('SIGTERM');
  await load;
  assert.equal(await store.exited, 0, `a drained stop exits 0; output:\n${store.output()}`);
  assert.deepEqual(tally.failures, [], 'no request was reset or failed');
  assert.deepEqual(tally.bad503, [], 'every 503 is the API shape with Connection: close and Retry-After');
  assert.equal(tally.refused503 + tally.connectionRefused, clients, 'every client was told, one way or the other, to go elsewhere');
  assert.ok(tally.refused503 > 0, 'requests arriving during the grace period got the 503');
  assert.ok(tally.served >= clients * 5);
});
