import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

// limitHeapGrowth (heap-growth.ts), which `storekeep serve` and the bench's store call: the same churn
// run in two fresh processes, one with the setting and one without, and the old generation's largest
// size compared.

const run = promisify(execFile);
const module = fileURLToPath(new URL('../heap-growth.ts', import.meta.url));

// About 30 MiB that stays, and objects that live long enough to leave the young generation, then die:
// what a store's requests leave behind. The old generation's size is read as it grows.
const churn = (limited: boolean) => `
  import v8 from 'node:v8';
  ${limited ? `const { limitHeapGrowth } = await import(${JSON.stringify(module)}); limitHeapGrowth();` : ''}
  const live = Array.from({ length: 300_000 }, (_, i) => ({ i, s: 'x'.repeat(64) + i }));
  const ring = new Array(50_000);
  let peak = 0;
  for (let round = 0; round < 3_000_000; round++) {
    ring[round % ring.length] = { round, a: [round, round + 1, round + 2], s: 'item ' + round };
    if (round % 10_000 === 0) peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space').space_size);
  }
  process.stdout.write(JSON.stringify({ peak, live: live.length }));
`;

async function peakOldSpace(limited: boolean): Promise<number> {
  // The store's young generation (bin/storekeep.mjs's #! line), so that objects are promoted as there.
  const { stdout } = await run(process.execPath, ['--max-semi-space-size=8', '--import', 'tsx', '--input-type=module', '--eval', churn(limited)], { maxBuffer: 1 << 20 });
  return (JSON.parse(stdout) as { peak: number }).peak;
}

test('with limitHeapGrowth the old generation grows to about twice what stays, far less than V8 lets it by default', async () => {
  const [limited, unlimited] = await Promise.all([peakOldSpace(true), peakOldSpace(false)]);
  const mib = (n: number) => `${(n / 2 ** 20).toFixed(0)} MiB`;
  assert.ok(limited < unlimited * 0.7, `largest old generation: ${mib(limited)} with the setting, ${mib(unlimited)} without`);
  // What stays is about 30 MiB of objects, plus the loader's own; doubled, well under 200 MiB.
  assert.ok(limited < 200 * 2 ** 20, `largest old generation with the setting: ${mib(limited)}`);
});
