import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { freePort, run } from '../../test/helpers/process.ts';
import { freshDatabaseUrl } from '../../test/helpers/database.ts';
import { pluginSource, writePlugins } from './helpers.ts';

const insecure = new Agent({ connect: { rejectUnauthorized: false } });

// POST /api/v1/crashy/ prints that it started and never answers while HANG is set, as a request the
// process dies in the middle of; without HANG it answers 201.
const CRASHY = pluginSource('crashy', {
  body: `
    ctx.routes.add({ method: 'POST', path: '/api/v1/crashy/', auth: 'public', summary: 'x',
      schema: { body: { type: 'object', properties: { n: { type: 'integer' } } }, response: { 201: { type: 'object', properties: { pid: { type: 'integer' } } } } },
      handler: async (request, reply) => {
        if (process.env.HANG === '1') {
          console.log('crashy request started');
          await new Promise(() => undefined);
        }
        reply.code(201);
        return { pid: process.pid };
      } });
  `,
});

function post(base: string, key: string): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  return request(`${base}/api/v1/crashy/`, {
    dispatcher: insecure,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ n: 1 }),
  }).then(async (res) => ({ status: res.statusCode, body: JSON.parse(await res.body.text()), headers: res.headers }));
}

test('a store killed in the middle of a request: after the restart the same Idempotency-Key runs again at once', async (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-crash-'));
  const plugins = writePlugins({ crashy: CRASHY });
  const db = await freshDatabaseUrl();
  t.after(async () => {
    await db.drop();
    plugins.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: db.url ?? '', PLUGINS: plugins.dirs.crashy!, DEMO_DATA: 'false' };
  const base = `https://127.0.0.1:${port}`;

  const first = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], { ...env, HANG: '1' });
  t.after(() => first.child.kill('SIGKILL'));
  await first.waitFor(/Storekeep is serving/);
  const dying = post(base, 'crash-1').catch((err: Error) => err);
  await first.waitFor(/crashy request started/);
  first.child.kill('SIGKILL');
  await first.exited;
  assert.ok((await dying) instanceof Error, 'the first request never got an answer');

  const second = run(process.execPath, ['--import', 'tsx', 'kernel/main.ts'], env);
  t.after(() => second.child.kill('SIGKILL'));
  await second.waitFor(/Storekeep is serving/);
  const retried = await post(base, 'crash-1');
  assert.equal(retried.status, 201, JSON.stringify(retried.body));
  assert.equal(retried.body.pid, second.child.pid, 'the restarted store ran the request');
  const replayed = await post(base, 'crash-1');
  assert.equal(replayed.status, 201);
  assert.equal(replayed.headers['idempotent-replayed'], 'true');
  second.child.kill('SIGTERM');
  assert.equal(await second.exited, 0);
});
