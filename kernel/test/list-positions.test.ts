import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ListPositions } from '../http/list-positions.ts';

// The rules of the positions store itself; paging by them is tested through the product list
// (plugins/core-catalog/test/deep-pages.test.ts).

test('a position learned by a request that began before a change is not kept', () => {
  const positions = new ListPositions();
  const began = positions.generation;
  positions.invalidate();
  positions.remember('list', 999, 'cursor', began);
  assert.equal(positions.at('list', 999), undefined);
  positions.remember('list', 999, 'cursor', positions.generation);
  assert.equal(positions.at('list', 999), 'cursor');
});

test('a change forgets every list, and each list keeps its newest 64 positions', () => {
  const positions = new ListPositions();
  for (let offset = 0; offset < 70; offset++) positions.remember('a', offset, `a${offset}`, positions.generation);
  positions.remember('b', 5, 'b5', positions.generation);
  assert.equal(positions.at('a', 5), undefined, 'the oldest went');
  assert.equal(positions.at('a', 6), 'a6');
  assert.equal(positions.at('a', 69), 'a69');
  assert.equal(positions.at('b', 5), 'b5');
  positions.invalidate();
  assert.equal(positions.size, 0);
  assert.equal(positions.at('a', 69), undefined);
});
