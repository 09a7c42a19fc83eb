// One side of `npm run bench:compare`: run from the root of the tree it measures (this one, or the
// compared revision's worktree, where bench/compare.ts copies it), so that the store started is that
// tree's compiled one. Prints one JSON line: a result per endpoint. It runs against the compared
// revision's bench/lib, so it uses only what that has offered for long (startStore, seedCatalogue,
// catalogueEndpoints, warmUp, measure, mib) and measures with them itself rather than through
// bench/run.ts's loadServer, which an older revision's lib does not export. The key `checkout` is the
// bench's checkout flow (benchCheckoutFlow): 30 guest checkouts in a row, then ten buyers at once. The key
// `page_cart` (the storefront's cart page) needs a revision with bench/lib/storefront-pages.ts, and
// `page_checkout` (its checkout page) one with `checkoutPageEndpoint` there.
import { benchCheckoutFlow } from './lib/checkout-flow.ts';
import { startStore } from './lib/store.ts';
import { catalogueEndpoints, seedCatalogue } from './lib/catalog.ts';
import { measure, warmUp } from './lib/load.ts';
import { closeClient } from './lib/http.ts';
import { mib } from './lib/report.ts';

export interface SideResult {
  key: string;
  /** Answers a second; for `checkout`, the ten buyers' checkouts a second. */
  requests_per_sec: number;
  /** For `checkout`, the p50 of a whole flow among the 30 in a row. */
  latency_p50_ms: number;
  /** Store CPU time per answer in the measured run, µs; for `checkout`, per checkout. */
  cpu_us_per_answer: number;
  /** Resident set after the run, and the process's peak so far, MiB. */
  rss_mib: number;
  peak_rss_mib: number;
  non_2xx: number;
}

const env = process.env;
const db = env.COMPARE_DB === 'mysql' ? 'mysql' : 'sqlite';
const keys = (env.COMPARE_ENDPOINTS ?? '').split(',').filter(Boolean);
const settings = { connections: 50, durationSec: Number(env.COMPARE_DURATION ?? 8), warmupSec: 2 };

const store = await startStore(db, { mysqlUrl: env.COMPARE_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306' });
try {
  const seeded = await seedCatalogue(store, Number(env.COMPARE_PRODUCTS ?? 1000));
  const endpoints = await catalogueEndpoints(store, seeded);
  // A visitor's own pages, from bench/lib/storefront-pages.ts: only asked for by key, so that a revision
  // from before that file still compares on the others.
  if (keys.includes('page_cart') || keys.includes('page_checkout')) endpoints.push(...(await (await import('./lib/storefront-pages.ts')).visitorPageEndpoints(store)));
  const results: SideResult[] = [];
  for (const key of keys) {
    if (key === 'checkout') {
      const before = await store.stats();
      const flow = await benchCheckoutFlow({ store, durationSec: settings.durationSec });
      const after = await store.stats();
      results.push({
        key,
        requests_per_sec: flow.concurrent.checkouts_per_sec,
        latency_p50_ms: flow.sequential.p50_ms,
        cpu_us_per_answer: Math.round(((after.cpuMs - before.cpuMs) * 1000) / Math.max(1, flow.sequential.flows + flow.concurrent.flows)),
        rss_mib: mib(after.rss),
        peak_rss_mib: mib(after.maxRss),
        non_2xx: 0,
      });
      continue;
    }
    const endpoint = endpoints.find((e) => e.key === key);
    if (!endpoint) throw new Error(`No endpoint "${key}" here; there are ${endpoints.map((e) => e.key).join(', ')}.`);
    await warmUp(store.origin, endpoint, settings);
    const before = await store.stats();
    const load = await measure(store.origin, endpoint, settings);
    const after = await store.stats();
    results.push({
      key,
      requests_per_sec: load.requests_per_sec,
      latency_p50_ms: load.latency_p50_ms,
      cpu_us_per_answer: Math.round(((after.cpuMs - before.cpuMs) * 1000) / Math.max(1, load.requests + load.non_2xx)),
      rss_mib: mib(after.rss),
      peak_rss_mib: mib(after.maxRss),
      non_2xx: load.non_2xx + load.errors + load.timeouts,
    });
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
} finally {
  await closeClient();
  await store.stop();
}
