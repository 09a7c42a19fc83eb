import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reachable, serializerCompiler } from '../http/serializer-compiler.ts';

const Money = { $id: 'Money', type: 'object', properties: { amount: { type: 'string' }, currency: { type: 'string' } } };
const Line = { $id: 'Line', type: 'object', properties: { total: { $ref: 'Money#' }, qty: { type: 'integer' } } };
const Order = { $id: 'Order', type: 'object', properties: { lines: { type: 'array', items: { $ref: 'Line#' } }, total: { $ref: 'Money#' } } };
const Unrelated = { $id: 'Unrelated', type: 'object', properties: { x: { type: 'string' } } };
const shared = [Money, Line, Order, Unrelated];
const byId = new Map(shared.map((s) => [s.$id, s as Record<string, unknown>]));

test('a response schema gets the shared schemas it reaches through $ref, transitively, and no others', () => {
  assert.deepEqual(Object.keys(reachable({ type: 'object', properties: { order: { $ref: 'Order#' } } }, byId)).sort(), ['Line', 'Money', 'Order']);
  assert.deepEqual(Object.keys(reachable({ $ref: 'Line#/properties/total' }, byId)).sort(), ['Line', 'Money']);
  assert.deepEqual(reachable({ type: 'string' }, byId), {});
});

test('the serializers it builds follow the referenced schemas (unknown fields dropped, nested refs applied)', () => {
  const build = serializerCompiler(shared);
  const serialize = build({ schema: { $ref: 'Order#' } }) as (v: unknown) => string;
  const out = JSON.parse(serialize({ lines: [{ total: { amount: '1.00', currency: 'EUR', secret: 'no' }, qty: 2, extra: true }], total: { amount: '2.00', currency: 'EUR' }, hidden: 1 }));
  assert.deepEqual(out, { lines: [{ total: { amount: '1.00', currency: 'EUR' }, qty: 2 }], total: { amount: '2.00', currency: 'EUR' } });
});
