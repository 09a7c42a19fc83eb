import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { createStaff, SessionClient } from '../../../test/helpers/auth.ts';
import { ManualClock } from '../../../kernel/clock.ts';

const MINUTE = 60_000;

async function setup(t: { after: (fn: () => Promise<void>) => void }) {
  const clock = new ManualClock(Date.parse('2026-04-01T12:00:00.000Z'));
  const store = await startTestStore({ clock });
  t.after(() => store.close());
  const victim = await createStaff(store, { email: 'victim@example.com', password: 'the-right-password' });
  return { store, clock, victim };
}

// A login from a given client address (the test store trusts the loopback proxy's X-Forwarded-For).
function loginFrom(store: TestStore, ip: string) {
  const client = new SessionClient(store);
  return (email: string, password: string) =>
    client.request({ method: 'GET', url: '/api/v1/auth/csrf/', headers: { 'x-forwarded-for': ip } }).then(() =>
      client.request({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-for': ip }, payload: { email, password } }),
    );
}

test('five failures lock the account for 15 minutes, even for the right password, from any address', async (t) => {
  const { store, clock, victim } = await setup(t);
  const attacker = loginFrom(store, '203.0.113.7');
  for (let i = 0; i < 5; i++) {
    const res = await attacker(victim.email, `guess-${i}`);
    assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    clock.advance(MINUTE);
  }
  const locked = await attacker(victim.email, victim.password);
  assert.equal(locked.statusCode, 429, locked.body);
  assert.equal(locked.json().code, 'rate_limited');
  assert.match(locked.json().detail, /Try again in \d+ seconds/);
  // The first failure leaves the window 15 minutes after it happened: 10 minutes from now.
  assert.equal(locked.headers['retry-after'], String(10 * 60));
  const owner = await loginFrom(store, '198.51.100.1')(victim.email, victim.password);
  assert.equal(owner.statusCode, 429, 'the lock is on the account, whatever the address');
  assert.equal(await store.kernel.knex('sessions').count({ n: '*' }).first().then((r: any) => Number(r.n)), 0);
  const other = await createStaff(store, { email: 'other@example.com', password: 'other-password' });
  assert.equal((await attacker(other.email, other.password)).statusCode, 200, 'other accounts are not locked');

  clock.advance(10 * MINUTE);
  const back = await loginFrom(store, '198.51.100.1')(victim.email, victim.password);
  assert.equal(back.statusCode, 200, 'the window moved on');
});

test('a successful login resets the account counter', async (t) => {
  const { store, victim } = await setup(t);
  const login = loginFrom(store, '198.51.100.2');
  for (let i = 0; i < 4; i++) assert.equal((await login(victim.email, 'typo')).statusCode, 401);
  assert.equal((await login(victim.email, victim.password)).statusCode, 200);
  for (let i = 0; i < 4; i++) assert.equal((await login(victim.email, 'typo')).statusCode, 401, `failure ${i + 1} after the reset`);
  assert.equal((await login(victim.email, victim.password)).statusCode, 200);
});

test('twenty failures from one address lock that address, for every account', async (t) => {
  const { store, victim } = await setup(t);
  const sprayer = loginFrom(store, '192.0.2.50');
  for (let i = 0; i < 20; i++) {
    const res = await sprayer(`user${i}@example.com`, 'Winter2026!');
    assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
  }
  const blocked = await sprayer(victim.email, victim.password);
  assert.equal(blocked.statusCode, 429);
  assert.equal(blocked.json().code, 'rate_limited');
  assert.ok(Number(blocked.headers['retry-after']) > 0);
  assert.equal((await loginFrom(store, '192.0.2.51')(victim.email, victim.password)).statusCode, 200, 'other addresses are not locked');
});

test('parallel guesses cannot slip past the limit', async (t) => {
  const { store, victim } = await setup(t);
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => loginFrom(store, `198.51.100.${100 + i}`)(victim.email, `parallel-${i}`)));
  const statuses = results.map((r) => r.statusCode).sort();
  assert.equal(statuses.filter((s) => s === 401).length, 5, `statuses: ${statuses}`);
  assert.equal(statuses.filter((s) => s === 429).length, 7, `statuses: ${statuses}`);
  assert.equal((await loginFrom(store, '198.51.100.99')(victim.email, victim.password)).statusCode, 429);
});

test('failures are kept in the database, where every instance sees them', async (t) => {
  const { store, victim } = await setup(t);
  const login = loginFrom(store, '198.51.100.3');
  for (let i = 0; i < 5; i++) await login(victim.email, 'wrong');
  const rows = await store.kernel.knex('login_failures').select('scope');
  assert.equal(rows.filter((r) => r.scope === 'account:victim@example.com').length, 5);
  assert.equal(rows.filter((r) => r.scope === 'ip:198.51.100.3').length, 5);
});
