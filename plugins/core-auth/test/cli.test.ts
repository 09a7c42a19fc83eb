import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { authHeader, SessionClient } from '../../../test/helpers/auth.ts';
import { hashKey } from '../services/api-keys.ts';

// Runs a command as `npx storekeep` would, with the store's container, capturing what it prints.
async function run(store: TestStore, words: string[], options: Record<string, string | boolean> = {}) {
  const found = store.kernel.cli.find(words);
  assert.ok(found, `command ${words.join(' ')} is registered`);
  const printed: string[] = [];
  await found.command.run({ options, positionals: found.rest, container: store.kernel.container, print: (line) => void printed.push(line) });
  return printed;
}

test('staff create makes an account that can log in, with the role asked for', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const printed = await run(store, ['staff', 'create'], { email: 'Manager@Example.com', password: 'manager-password', role: 'owner' });
  assert.equal(printed.length, 1);
  assert.match(printed[0], /manager@example\.com/);
  assert.ok(!printed[0].includes('manager-password'));
  const login = await new SessionClient(store).login('manager@example.com', 'manager-password');
  assert.equal(login.statusCode, 200);
  assert.equal(login.json().user.role, 'owner');
  const plain = await run(store, ['staff', 'create'], { email: 'clerk@example.com', password: 'clerk-password' });
  assert.match(plain[0], /staff/);
});

test('staff create refuses bad input and a taken e-mail with a message', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  await assert.rejects(run(store, ['staff', 'create'], { password: 'long-enough' }), /--email is required/);
  await assert.rejects(run(store, ['staff', 'create'], { email: 'nope', password: 'long-enough' }), /not an e-mail/);
  await assert.rejects(run(store, ['staff', 'create'], { email: 'a@example.com', password: 'short' }), /8 to 128/);
  await assert.rejects(run(store, ['staff', 'create'], { email: 'a@example.com', password: 'long-enough', role: 'god' }), /owner or staff/);
  await assert.rejects(run(store, ['staff', 'create'], { email: 'OWNER@storekeep.local', password: 'long-enough' }), /already exists/);
});

test('apikey create prints only the key; list shows everything but the key; revoke stops it at once', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const [live] = await run(store, ['apikey', 'create'], { name: 'ERP' });
  assert.match(live, /^sk_live_[A-Za-z0-9_-]{43}$/);
  const created = await run(store, ['apikey', 'create'], { name: 'Sandbox', test: true });
  assert.equal(created.length, 1);
  assert.match(created[0], /^sk_test_/);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(live) })).statusCode, 200);

  const list = await run(store, ['apikey', 'list']);
  const text = list.join('\n');
  assert.match(list[0], /^ID\s+NAME\s+MODE\s+LAST4\s+CREATED\s+LAST USED\s+REVOKED$/);
  assert.equal(list.length, 3);
  assert.match(list[1], /^1\s+ERP\s+live\s+…\S{4}\s+\d{4}-\d\d-\d\dT\S+Z\s+\d{4}-\S+Z\s+-$/);
  assert.match(list[2], /Sandbox\s+test/);
  assert.ok(text.includes(`…${live.slice(-4)}`));
  for (const secret of [live, created[0], hashKey(live)]) assert.ok(!text.includes(secret));
});

test('apikey revoke takes an id, refuses unknown ones, and the key stops working', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  const [key] = await run(store, ['apikey', 'create'], { name: 'Doomed' });
  await assert.rejects(run(store, ['apikey', 'revoke']), /Usage: apikey revoke ID/);
  await assert.rejects(run(store, ['apikey', 'revoke', 'abc']), /Usage/);
  await assert.rejects(run(store, ['apikey', 'revoke', '999']), /No API key with id 999/);
  const printed = await run(store, ['apikey', 'revoke', '1']);
  assert.match(printed[0], /Revoked API key 1 \(Doomed, …/);
  assert.equal((await store.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: authHeader(key) })).statusCode, 401);
  const list = await run(store, ['apikey', 'list']);
  assert.match(list[1], /\d{4}-\d\d-\d\dT\S+Z$/, 'the revoked column shows when');
});

test('apikey list says so when there are no keys', async (t) => {
  const store = await startTestStore();
  t.after(() => store.close());
  assert.deepEqual((await run(store, ['apikey', 'list'])).slice(1), ['(no API keys)']);
});
