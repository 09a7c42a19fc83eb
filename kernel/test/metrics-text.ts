import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

/**
 * One sample of a Prometheus text exposition: the value of `name` with exactly these labels, or
 * undefined when the scrape has no such sample.
 */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const got = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    if (Object.keys(got).length === wanted.length && wanted.every(([k, v]) => got[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** `sample`, 0 when absent: counters of label sets not seen yet. */
export function count(text: string, name: string, labels: Record<string, string> = {}): number {
  return sample(text, name, labels) ?? 0;
}

/** Asserts a 200 Prometheus text answer and returns its body. */
export function metricsText(res: LightMyRequestResponse | { statusCode: number; headers: Record<string, unknown>; body: string }): string {
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  return res.body;
}
