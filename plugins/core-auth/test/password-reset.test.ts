import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ManualClock } from '../../../kernel/clock.ts';
import { startTestStore, type TestStore } from '../../../test/helpers/store.ts';
import { createStaff, SessionClient } from '../../../test/helpers/auth.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/helpers/smtp.ts';
import { hashToken } from '../services/sessions.ts';
import { PASSWORD_RESET_ACCEPTED } from '../routes.ts';

async function setup(t: { after: (fn: () => Promise<void>) => void }, clock?: ManualClock) {
  const smtp = await startSmtpServer();
  t.after(() => smtp.close());
  const store = await startTestStore({ env: { SMTP_URL: smtp.url }, clock });
  t.after(() => store.close());
  const client = new SessionClient(store);
  const reg = await client.register({ email: 'Ada@Example.com', password: 'old-password-1' });
  assert.equal(reg.statusCode, 201, reg.body);
  return { smtp, store, client };
}

async function askReset(store: TestStore, email: string) {
  const client = new SessionClient(store);
  await client.csrf();
  return client.request({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email } });
}

async function confirm(store: TestStore, token: string, password: string) {
  const client = new SessionClient(store);
  await client.csrf();
  return client.request({ method: 'POST', url: '/api/v1/auth/password-reset/confirm/', payload: { token, password } });
}

/** Runs the worker and returns the token of the newest mail. */
async function deliveredToken(store: TestStore, smtp: TestSmtpServer): Promise<string> {
  await store.kernel.worker.runDue();
  const mail = smtp.mails.at(-1)!;
  assert.ok(mail, 'a mail arrived');
  const match = /https:\/\/store\.test\/reset-password\/\?token=([A-Za-z0-9_-]{43})/.exec(mail.body);
  assert.ok(match, `the mail holds the link: ${mail.body}`);
  assert.match(mail.body, new RegExp(`Reset token \\(for API clients\\): ${match[1]}`));
  return match[1];
}

async function loginStatus(store: TestStore, email: string, password: string): Promise<number> {
  return (await new SessionClient(store).login(email, password)).statusCode;
}

test('the reset flow: mail with the link, the token works once, the new password logs in, sessions end', async (t) => {
  const { smtp, store, client } = await setup(t);
  const other = new SessionClient(store);
  assert.equal((await other.login('ada@example.com', 'old-password-1')).statusCode, 200);

  const res = await askReset(store, 'ADA@example.com');
  assert.equal(res.statusCode, 202, res.body);
  assert.deepEqual(res.json(), { detail: PASSWORD_RESET_ACCEPTED });
  assert.equal(smtp.mails.length, 0, 'sent by the worker after commit, not in the request');
  const token = await deliveredToken(store, smtp);
  const mail = smtp.mails[0];
  assert.deepEqual(mail.to, ['ada@example.com']);
  assert.equal(mail.subject, 'Reset your password');
  const stored = await store.kernel.knex('password_resets').first();
  assert.equal(stored.token_hash, hashToken(token), 'only the hash is stored');

  const done = await confirm(store, token, 'new-password-2');
  assert.equal(done.statusCode, 204, done.body);
  assert.equal(await loginStatus(store, 'ada@example.com', 'old-password-1'), 401);
  assert.equal(await loginStatus(store, 'ada@example.com', 'new-password-2'), 200);
  for (const c of [client, other]) assert.equal((await c.request({ method: 'GET', url: '/api/v1/auth/me/' })).statusCode, 401, 'earlier sessions ended');

  const again = await confirm(store, token, 'third-password-3');
  assert.equal(again.statusCode, 400);
  assert.equal(again.json().code, 'invalid_token');
  assert.equal(await loginStatus(store, 'ada@example.com', 'new-password-2'), 200);
});

test('an unknown e-mail gets the same 202 and no mail', async (t) => {
  const { smtp, store } = await setup(t);
  const known = await askReset(store, 'ada@example.com');
  const unknown = await askReset(store, 'nobody@example.com');
  assert.equal(unknown.statusCode, 202);
  assert.equal(unknown.body, known.body);
  await store.kernel.worker.runDue();
  assert.equal(smtp.mails.length, 1);
  assert.deepEqual(smtp.mails[0].to, ['ada@example.com']);
});

test('a token expires after an hour', async (t) => {
  const clock = new ManualClock(new Date('2026-04-01T08:00:00Z'));
  const { smtp, store } = await setup(t, clock);
  await askReset(store, 'ada@example.com');
  const token = await deliveredToken(store, smtp);
  clock.advance(3_600_000 + 1000);
  const res = await confirm(store, token, 'new-password-2');
  assert.equal(res.statusCode, 400);
  assert.equal(res.json().code, 'invalid_token');
  assert.equal(await loginStatus(store, 'ada@example.com', 'old-password-1'), 200);
});

test('a new request invalidates the earlier token', async (t) => {
  const { smtp, store } = await setup(t);
  await askReset(store, 'ada@example.com');
  const first = await deliveredToken(store, smtp);
  await askReset(store, 'ada@example.com');
  const second = await deliveredToken(store, smtp);
  assert.notEqual(first, second);
  assert.equal((await confirm(store, first, 'new-password-2')).statusCode, 400);
  assert.equal((await confirm(store, second, 'new-password-2')).statusCode, 204);
});

test('bad input: unknown token, short password, no CSRF token', async (t) => {
  const { store } = await setup(t);
  const unknown = await confirm(store, 'A'.repeat(43), 'new-password-2');
  assert.equal(unknown.statusCode, 400);
  assert.equal(unknown.json().code, 'invalid_token');
  assert.equal((await confirm(store, 'not a token', 'new-password-2')).json().code, 'invalid_token');
  const short = await confirm(store, 'A'.repeat(43), 'short');
  assert.equal(short.statusCode, 400);
  assert.notEqual(short.json().code, 'invalid_token');
  const noCsrf = await new SessionClient(store).request({ method: 'POST', url: '/api/v1/auth/password-reset/', payload: { email: 'ada@example.com' }, csrf: false });
  assert.equal(noCsrf.statusCode, 403);
});

test('at most 5 reset mails per account per hour, silently', async (t) => {
  const clock = new ManualClock(new Date('2026-04-01T08:00:00Z'));
  const { smtp, store } = await setup(t, clock);
  for (let i = 0; i < 7; i++) {
    const res = await askReset(store, 'ada@example.com');
    assert.equal(res.statusCode, 202);
    assert.deepEqual(res.json(), { detail: PASSWORD_RESET_ACCEPTED });
  }
  await store.kernel.worker.runDue();
  assert.equal(smtp.mails.length, 5);
  clock.advance(3_600_000 + 1000);
  await askReset(store, 'ada@example.com');
  await store.kernel.worker.runDue();
  assert.equal(smtp.mails.length, 6, 'allowed again once the hour has passed');
});

test('a deactivated account gets no mail', async (t) => {
  const { smtp, store } = await setup(t);
  const staff = await createStaff(store, { email: 'gone@example.com' });
  await store.kernel.knex('users').where({ id: staff.id }).update({ is_active: false });
  assert.equal((await askReset(store, 'gone@example.com')).statusCode, 202);
  await store.kernel.worker.runDue();
  assert.equal(smtp.mails.length, 0);
});
