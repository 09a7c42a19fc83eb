import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expectStatus, sharedClientStore } from '../../../test/helpers/client.ts';
import { freePort, REPO_ROOT, run } from '../../../test/helpers/process.ts';
import { createCategory, createEndpoint, LOOPBACK_RECEIVERS, onlyDelivery, pump, waitFor } from './helpers.ts';

const shared = sharedClientStore({ env: LOOPBACK_RECEIVERS });

// A fenced block of this plugin's README, following the line that introduces it, with its port changed.
function snippet(intro: string, fence: string, port: number): string {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'plugins', 'webhooks', 'README.md'), 'utf8');
  const after = readme.split(intro)[1];
  assert.ok(after, `the README has "${intro}"`);
  const block = after.split('```' + fence + '\n')[1]?.split('\n```')[0];
  assert.ok(block, `a ${fence} block follows "${intro}"`);
  assert.match(block, /8080/);
  return block.replace(/8080/g, String(port));
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

// Runs a README receiver with the endpoint's secret, and checks it accepts a signed delivery once,
// refuses one signed with another secret, and accepts a repeat without handling it again.
async function checkReceiver(t: { after: (fn: () => Promise<void> | void) => void }, command: string, file: string, code: (port: number) => string): Promise<void> {
  const ctx = shared();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-receiver-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, file), code(port));
  const right = await createEndpoint(ctx.staff, `http://127.0.0.1:${port}/`, ['category.created']);
  const wrong = await createEndpoint(ctx.staff, `http://127.0.0.1:${port}/`, ['category.created']);
  expectStatus(await ctx.staff.post(`/api/v1/webhooks/${wrong.id}/rotate-secret/`, undefined), 200);
  t.after(async () => {
    await ctx.staff.delete(`/api/v1/webhooks/${right.id}/`);
    await ctx.staff.delete(`/api/v1/webhooks/${wrong.id}/`);
  });
  const receiver = run(command, command === 'python3' ? ['-u', path.join(dir, file)] : ['--import', 'tsx', path.join(dir, file)], { STOREKEEP_WEBHOOK_SECRET: right.secret });
  t.after(() => void receiver.child.kill());
  await waitFor(() => listening(port), `the ${file} receiver to listen`, 30_000);

  const category = await createCategory(ctx.staff);
  await pump(ctx.store);
  const accepted = await onlyDelivery(ctx, right.id);
  assert.equal(accepted.status, 'succeeded');
  assert.equal(accepted.last_status_code, 200);
  const refused = await onlyDelivery(ctx, wrong.id);
  assert.equal(refused.last_status_code, 401, 'a signature made with another secret is refused');
  await receiver.waitFor(new RegExp(`received category.created ${accepted.event_id}\\b`));
  assert.equal(accepted.event_id, (await ctx.staff.get(`/api/v1/events/?type=category.created`)).json().results.find((e: any) => e.data.id === category.id).id);

  expectStatus(await ctx.staff.post(`/api/v1/webhooks/${right.id}/deliveries/${accepted.id}/redeliver/`, undefined), 202);
  await pump(ctx.store);
  const repeated = await onlyDelivery(ctx, right.id);
  assert.equal(repeated.attempts, 2);
  assert.equal(repeated.last_status_code, 200, 'a repeat is accepted');
  assert.equal(receiver.output().match(/received category\.created/g)?.length, 1, 'and handled once');
}

test('the README TypeScript receiver verifies signatures and deduplicates by event id', async (t) => {
  await checkReceiver(t, process.execPath, 'receiver.ts', (port) => snippet('TypeScript (Node, no dependencies):', 'ts', port));
});

const python = spawnSync('python3', ['--version']).status === 0;

test('the README Python receiver verifies signatures and deduplicates by event id', { skip: !python && 'python3 is not installed' }, async (t) => {
  await checkReceiver(t, 'python3', 'receiver.py', (port) => snippet('Python (standard library only):', 'python', port));
});
