import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomToken } from '../crypto/random-token.ts';

test('tokens are base64url of the bytes asked for, 32 by default', () => {
  assert.match(randomToken(), /^[A-Za-z0-9_-]{43}$/);
  assert.equal(Buffer.from(randomToken(18), 'base64url').length, 18);
  assert.equal(Buffer.from(randomToken(4096), 'base64url').length, 4096);
});

test('no token repeats, across many refills of the pool', () => {
  const seen = new Set<string>();
  // 20,000 tokens of 32 bytes draw the 4 KiB pool about 160 times over.
  for (let i = 0; i < 20_000; i++) seen.add(randomToken());
  assert.equal(seen.size, 20_000);
});

test('the bytes look random: every value of a byte turns up, none far more often than the rest', () => {
  const counts = new Array(256).fill(0);
  for (let i = 0; i < 2_000; i++) for (const byte of Buffer.from(randomToken(), 'base64url')) counts[byte]++;
  // 64,000 bytes: 250 of each value on average; a fair source stays well inside 150–350.
  assert.ok(Math.min(...counts) > 150 && Math.max(...counts) < 350, `byte counts from ${Math.min(...counts)} to ${Math.max(...counts)}`);
});

test('a size outside 1 to 4,096 bytes is refused', () => {
  for (const bad of [0, -1, 1.5, 4097, Number.NaN]) assert.throws(() => randomToken(bad), RangeError);
});
