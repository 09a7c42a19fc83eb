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

// A browser-like client at a given client address (the test store trusts the loopback proxy's
// X-Forwarded-For); it keeps its cookies, the device cookie included.
function clientAt(store: TestStore, ip: string, client = new SessionClient(store)) {
  const login = async (email: string, password: string) => {
    await client.request({ method: 'GET', url: '/api/v1/auth/csrf/', headers: { 'x-forwarded-for': ip } });
    return client.request({ method: 'POST', url: '/api/v1/auth/login/', headers: { 'x-forwarded-for': ip }, payload: { email, password } });
  };
  return Object.assign(login, { client });
}

function assertThrottled(res: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => any }, what: string) {
  assert.equal(res.statusCode, 429, `${what}: ${res.body}`);
  assert.equal(res.json().code, 'rate_limited');
  assert.ok(Number(res.headers['retry-after']) >= 1, `${what}: Retry-After ${res.headers['retry-after']}`);
}

test('five wrong passwords from one address lock that address out of the account, not the owner elsewhere', async (t) => {
  const { store, clock, victim } = await setup(t);
  const attacker = clientAt(store, '203.0.113.7');
  for (let i = 0; i < 5; i++) {
    const res = await attacker(victim.email, `guess-${i}`);
    assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
    clock.advance(MINUTE);
  }
  const locked = await attacker(victim.email, victim.password);
  assertThrottled(locked, 'the attacking address, even with the right password');
  assert.match(locked.json().detail, /Try again in \d+ seconds/);
  // The first failure leaves the window 15 minutes after it happened: 10 minutes from now.
  assert.equal(locked.headers['retry-after'], String(10 * 60));

  const owner = await clientAt(store, '198.51.100.1')(victim.email, victim.password);
  assert.equal(owner.statusCode, 200, 'the owner, from another address, logs in');
  assertThrottled(await attacker(victim.email, victim.password), 'the attacking address stays locked');

  clock.advance(10 * MINUTE);
  assert.equal((await attacker(victim.email, victim.password)).statusCode, 200, 'the window moved on');
});

test('a successful login forgets the failures of its account and address', async (t) => {
  const { store, victim } = await setup(t);
  const login = clientAt(store, '198.51.100.2');
  for (let i = 0; i < 4; i++) assert.equal((await login(victim.email, 'typo')).statusCode, 401);
  assert.equal((await login(victim.email, victim.password)).statusCode, 200);
  const fresh = clientAt(store, '198.51.100.2');
  for (let i = 0; i < 4; i++) assert.equal((await fresh(victim.email, 'typo')).statusCode, 401, `failure ${i + 1} after the reset`);
  assert.equal((await fresh(victim.email, victim.password)).statusCode, 200);
});

test('twenty failures from one address block that address for every account', async (t) => {
  const { store, victim } = await setup(t);
  const sprayer = clientAt(store, '192.0.2.50');
  for (let i = 0; i < 20; i++) {
    const res = await sprayer(`user${i}@example.com`, 'Winter2026!');
    assert.equal(res.statusCode, 401, `attempt ${i + 1}`);
  }
  assertThrottled(await sprayer(victim.email, victim.password), 'the spraying address');
  assert.equal((await clientAt(store, '192.0.2.51')(victim.email, victim.password)).statusCode, 200, 'other addresses are not blocked');
});

test('parallel guesses from one address cannot slip past the limit', async (t) => {
  const { store, victim } = await setup(t);
  const results = await Promise.all(Array.from({ length: 12 }, (_, i) => clientAt(store, '198.51.100.20')(victim.email, `parallel-${i}`)));
  const statuses = results.map((r) => r.statusCode).sort();
  assert.equal(statuses.filter((s) => s === 401).length, 5, `statuses: ${statuses}`);
  assert.equal(statuses.filter((s) => s === 429).length, 7, `statuses: ${statuses}`);
  assertThrottled(await clientAt(store, '198.51.100.20')(victim.email, victim.password), 'the same address after');
});

test('many addresses hammering one account hold back unknown clients, never a known device or address', async (t) => {
  const { store, victim } = await setup(t);
  // The owner's usual browser, at the office.
  const office = clientAt(store, '198.51.100.77');
  assert.equal((await office(victim.email, victim.password)).statusCode, 200);
  assert.ok(office.client.cookies.get('trusted_device'), 'a successful login sets the device cookie');

  for (let i = 0; i < 50; i++) {
    const res = await clientAt(store, `203.0.113.${i + 1}`)(victim.email, `spray-${i}`);
    assert.equal(res.statusCode, 401, `address ${i + 1}`);
  }
  assertThrottled(await clientAt(store, '203.0.113.200')(victim.email, victim.password), 'an unknown client past the account ceiling');

  // The owner's browser, now travelling (a new address), still gets in with its device cookie.
  const travelling = clientAt(store, '192.0.2.99', office.client);
  assert.equal((await travelling(victim.email, victim.password)).statusCode, 200, 'the known device');
  // Another browser at the office address (no device cookie) also gets in: the address is known.
  assert.equal((await clientAt(store, '198.51.100.77')(victim.email, victim.password)).statusCode, 200, 'the known address');
});

test('a known device is counted on its own: five failures lock that device', async (t) => {
  const { store, victim } = await setup(t);
  const device = clientAt(store, '198.51.100.30');
  assert.equal((await device(victim.email, victim.password)).statusCode, 200);
  const elsewhere = clientAt(store, '192.0.2.30', device.client);
  for (let i = 0; i < 5; i++) assert.equal((await elsewhere(victim.email, `wrong-${i}`)).statusCode, 401, `attempt ${i + 1}`);
  assertThrottled(await elsewhere(victim.email, victim.password), 'the device');
  assert.equal((await clientAt(store, '192.0.2.31')(victim.email, victim.password)).statusCode, 200, 'another client is not locked');
});

test('failures are kept in the database, where every instance sees them', async (t) => {
  const { store, victim } = await setup(t);
  const login = clientAt(store, '198.51.100.3');
  for (let i = 0; i < 5; i++) await login(victim.email, 'wrong');
  const rows = await store.kernel.knex('login_failures').select('scope');
  assert.equal(rows.filter((r) => r.scope === 'account:victim@example.com').length, 5);
  assert.equal(rows.filter((r) => r.scope === 'account-ip:198.51.100.3:victim@example.com').length, 5);
  assert.equal(rows.filter((r) => r.scope === 'ip:198.51.100.3').length, 5);
});
