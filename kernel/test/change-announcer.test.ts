import { test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { ChangeAnnouncer } from '../http/change-announcer.ts';
import { createLogger } from '../logger.ts';
import { connectRedis } from '../redis.ts';
import { freePort } from '../../test/helpers/process.ts';
import { TcpProxy } from '../../test/helpers/tcp-proxy.ts';

// Two instances on one database, one of them reaching Redis through a proxy that the test takes away
// and brings back: what it hears of the other's changes, and how it stops while Redis comes back.

const REDIS = { host: '127.0.0.1', port: 6379 };
const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

test('after Redis was away, the other instance\'s changes are heard again', async (t) => {
  const database = `test-${crypto.randomUUID()}`;
  const proxy = new TcpProxy(REDIS, await freePort());
  await proxy.open();
  const near = connectRedis(`redis://127.0.0.1:${proxy.port}`, logger);
  const far = new Redis(REDIS.port, REDIS.host);
  let heard = 0;
  const listener = new ChangeAnnouncer(near, database, () => heard++, logger);
  const speaker = new ChangeAnnouncer(far, database, () => undefined, logger);
  t.after(async () => {
    await listener.stop();
    near.disconnect();
    far.disconnect();
    await proxy.close().catch(() => undefined);
  });
  await listener.start();
  await until(() => far.status === 'ready', 'the far connection');
  speaker.announce();
  await until(() => heard === 1, 'the first announcement');

  await proxy.close();
  await sleep(200);
  await proxy.open();
  // Announced until heard: the listener subscribes again once its connection is back.
  await until(async () => {
    speaker.announce();
    await sleep(50);
    return heard > 1;
  }, 'an announcement after the outage');
});

test('stopping while Redis reconnects leaves no unhandled rejection', async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  try {
    const proxy = new TcpProxy(REDIS, await freePort());
    await proxy.open();
    // Each round stops the announcer at another moment of its reconnection.
    for (let round = 0; round < 40; round++) {
      const near = connectRedis(`redis://127.0.0.1:${proxy.port}`, logger);
      const announcer = new ChangeAnnouncer(near, `test-${crypto.randomUUID()}`, () => undefined, logger);
      await announcer.start();
      await proxy.close();
      await proxy.open();
      await sleep(95 + round);
      await announcer.stop();
      near.disconnect();
    }
    await proxy.close();
    await sleep(300);
    assert.deepEqual(rejections.map(String), []);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
