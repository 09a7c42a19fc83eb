import { test } from 'node:test';
import assert from 'node:assert/strict';
import { generatePassword, PasswordHasher } from '../services/passwords.ts';

const hasher = new PasswordHasher();

test('a hash carries scrypt, its parameters, a random salt, and verifies only the right password', async () => {
  const a = await hasher.hash('correct horse battery');
  const b = await hasher.hash('correct horse battery');
  assert.match(a, /^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.notEqual(a, b, 'a random salt per hash');
  assert.equal(await hasher.verify('correct horse battery', a), true);
  assert.equal(await hasher.verify('correct horse batterY', a), false);
  assert.equal(await hasher.verify('', a), false);
  assert.equal(hasher.needsRehash(a), false);
});

test('hashes with other parameters still verify, and ask to be rehashed', async () => {
  const current = await hasher.hash('pw-123456');
  const [, , r, p, salt] = current.split('$');
  const crypto = await import('node:crypto');
  const key = crypto.scryptSync('pw-123456', Buffer.from(salt, 'base64url'), 32, { N: 1024, r: Number(r), p: Number(p) });
  const old = ['scrypt', 1024, r, p, salt, key.toString('base64url')].join('$');
  assert.equal(await hasher.verify('pw-123456', old), true);
  assert.equal(hasher.needsRehash(old), true);
});

test('malformed or hostile hashes never verify', async () => {
  for (const stored of ['', '!', 'pbkdf2$1$2$3$4$5', 'scrypt$x$8$1$abc$def', `scrypt$${2 ** 24}$8$1$c2FsdHNhbHQ$${'A'.repeat(43)}`, 'scrypt$16384$8$1$$']) {
    assert.equal(await hasher.verify('anything', stored), false, stored);
  }
});

test('unknown accounts cost a verification too', async () => {
  assert.equal(await hasher.verifyNothing('whatever'), false);
  const started = performance.now();
  await hasher.verifyNothing('whatever');
  assert.ok(performance.now() - started > 5, 'the dummy verification does real work');
});

test('generated passwords are long and random', () => {
  const a = generatePassword();
  assert.match(a, /^[\w-]{24}$/);
  assert.notEqual(a, generatePassword());
});
