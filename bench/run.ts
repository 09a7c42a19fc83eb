// `npm run bench`: the store's catalogue under load on SQLite and MariaDB/MySQL, against a bare
// node:https ceiling that replays the very same responses. See bench/README.md.
import { BenchSetupError, catalogueEndpoints, SMOKE_ENDPOINTS, seedCatalogue } from './lib/catalog.ts';
import { startCeiling } from './lib/ceiling.ts';
import { call, closeClient, type Sample } from './lib/http.ts';
import { measure, warmUp, type Endpoint, type LoadResult, type LoadSettings } from './lib/load.ts';
import { machineBusyMs, machineInfo } from './lib/machine.ts';
import { parseOptions, UsageError, type BenchOptions, type DbKind } from './lib/options.ts';
import { consoleTable, DB_NAMES, markdownTable, mergeWithEarlier, mib, resultsFile, updateReadme, writeResults, type BenchResults, type DbRun, type EndpointResult, type PhasePeak, type ServerLoad } from './lib/report.ts';
import { startStore } from './lib/store.ts';
import { benchInventoryBulk, type InventoryBulkResult } from './lib/inventory-bulk.ts';
import { benchCheckoutFlow, type CheckoutFlowResult } from './lib/checkout-flow.ts';
import { orderEndpoints, seedOrders, type SeededOrders } from './lib/orders-reads.ts';
import { visitorPageEndpoints } from './lib/storefront-pages.ts';
import { ownStats, type ProcessStats } from './lib/ipc.ts';
import { benchWebhookFanout, type WebhookFanoutResult } from './lib/webhook-fanout.ts';
import { measureAdminBundle, type AdminBundleSize } from './lib/admin-bundle.ts';

const log = (line: string) => process.stdout.write(line + '\n');
const cleanups = new Set<() => Promise<void>>();

/**
 * One measured server: warm up, then measure while reading its memory and the CPU time it, the load
 * generator and everything else on the machine used (100 = one core).
 */
async function loadServer(origin: string, endpoint: Endpoint, settings: LoadSettings, stats: () => Promise<ProcessStats>): Promise<ServerLoad> {
  await warmUp(origin, endpoint, settings);
  const before = await stats();
  const generatorBefore = ownStats();
  const machineBefore = machineBusyMs();
  const load: LoadResult = await measure(origin, endpoint, settings);
  const machineAfter = machineBusyMs();
  const generatorAfter = ownStats();
  const after = await stats();
  const pct = (ms: number) => Math.round((ms / (load.duration_s * 1000)) * 100);
  const server = pct(after.cpuMs - before.cpuMs);
  const generator = pct(generatorAfter.cpuMs - generatorBefore.cpuMs);
  return {
    ...load,
    server_rss_mib: mib(after.rss),
    server_cpu_pct: server,
    generator_cpu_pct: generator,
    other_cpu_pct: Math.max(0, pct(machineAfter - machineBefore) - server - generator),
  };
}

// More than a quarter core of other work (beyond MariaDB serving the store) makes the figures suspect.
const OTHER_CPU_LIMIT = 25;

function checkLoad(db: DbKind, who: 'store' | 'ceiling', endpoint: Endpoint, load: ServerLoad, warnings: string[]): void {
  if (load.non_2xx || load.errors || load.timeouts) {
    warnings.push(`${who} ${endpoint.key}: ${load.non_2xx} non-2xx answers, ${load.errors} errors, ${load.timeouts} timeouts.`);
  }
  const othersIncludeDatabase = db === 'mysql' && who === 'store';
  if (!othersIncludeDatabase && load.other_cpu_pct > OTHER_CPU_LIMIT) {
    warnings.push(`${who} ${endpoint.key}: other processes used ${load.other_cpu_pct}% CPU during the run; the machine was not quiet.`);
  }
}

/**
 * How long the store is left alone after start before its idle memory is read: past its idle
 * collection (once it has answered nothing for 5 s, kernel/idle-collection.ts) and past V8's memory
 * reducer, which compacts the heap and shrinks the young generation once allocation has stayed low
 * for a while: 22–30 s after start in the runs of 2026-11-29, about 20 MiB at once (bench/README.md,
 * "Idle memory over the first minute"). The resident set of every second until then is in the results.
 */
const IDLE_SETTLE_MS = 40_000;

async function benchDatabase(db: DbKind, options: BenchOptions): Promise<DbRun> {
  const warnings: string[] = [];
  const settings: LoadSettings = { connections: options.connections, durationSec: options.durationSec, warmupSec: options.warmupSec };
  log(`\n${DB_NAMES[db]}: starting the store…`);
  const store = await startStore(db, { mysqlUrl: options.mysqlUrl });
  cleanups.add(store.stop);
  let seedSeconds = 0;
  let orders: SeededOrders | undefined;
  let endpoints: Endpoint[];
  const samples = new Map<string, Sample>();
  const ours: Array<EndpointResult['ours']> = [];
  let peakRss = 0;
  let idleRss = 0;
  // The resident set each second while the store settles after start.
  const idleSeries: number[] = [];
  // The lifetime peak after each phase: the phase whose row it rose in is the one that set it.
  const peaks: PhasePeak[] = [];
  const notePeak = async (phase: string) => {
    const stats = await store.stats();
    peaks.push({ phase, peak_rss_mib: mib(stats.maxRss), rss_mib: mib(stats.rss), v8_heap_mib: mib(stats.heapTotal) });
  };
  let inventoryBulk: InventoryBulkResult | undefined;
  let checkoutFlow: CheckoutFlowResult | undefined;
  let webhookFanout: WebhookFanoutResult | undefined;
  let adminBundle: AdminBundleSize | undefined;
  try {
    log(`  ${store.origin} (${store.dbVersion}; plugins: ${store.plugins.join(', ') || 'none'})`);
    // Idle after start: what a store that serves nothing yet holds, once its start-up work has settled.
    for (let waited = 0; waited < IDLE_SETTLE_MS; waited += 1000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      // The last reading is the idle figure.
      idleRss = (await store.stats()).rss;
      idleSeries.push(mib(idleRss));
    }
    log(`  idle after start: ${mib(idleRss)} MiB resident (each second: ${idleSeries.join(', ')})`);
    await notePeak('start');
    if (options.smoke) {
      endpoints = SMOKE_ENDPOINTS;
    } else {
      // Orders first: the product they buy is then the oldest, and the newest products (the first list
      // page, the product detail, the category page) are the seeded catalogue's.
      if (store.plugins.includes('core-checkout') && store.apiKey) {
        log('  placing orders as one logged-in customer through the checkout…');
        orders = await seedOrders(store);
        log(`  placed ${orders.orders} orders in ${Math.round(orders.seconds * 10) / 10} s`);
        await notePeak('orders placed');
      }
      log(`  seeding ${options.products} products × 3 variants through POST /api/v1/products/bulk/…`);
      const progress = process.stdout.isTTY ? (n: number) => process.stdout.write(`\r  seeded ${n}`) : undefined;
      seedSeconds = Math.round((await seedCatalogue(store, options.products, progress)) * 10) / 10;
      process.stdout.write(`${progress ? '\r' : ''}  seeded ${options.products} in ${seedSeconds} s\n`);
      await notePeak('catalogue seeded');
      endpoints = await catalogueEndpoints(store, options.products);
      if (orders) endpoints.push(...(await orderEndpoints(store, orders)));
      if (store.plugins.includes('storefront')) endpoints.push(...(await visitorPageEndpoints(store, orders && { headers: orders.customerHeaders, orders: orders.orders })));
    }
    for (const endpoint of endpoints) {
      const sample = await call(store.origin, endpoint.path, { method: endpoint.method, headers: endpoint.headers, body: endpoint.body });
      if (sample.status < 200 || sample.status >= 300) throw new BenchSetupError(`${endpoint.path} answered ${sample.status}: ${sample.body.toString('utf8').slice(0, 300)}`);
      samples.set(endpoint.key, sample);
    }
    for (const endpoint of endpoints) {
      log(`  store: ${endpoint.label} (${settings.durationSec} s)…`);
      const load = await loadServer(store.origin, endpoint, settings, store.stats);
      checkLoad(db, 'store', endpoint, load, warnings);
      ours.push(load);
      await notePeak(endpoint.key);
    }
    // Write-side figures after the reads, so that they do not change what the reads saw.
    if (!options.smoke && store.plugins.includes('core-inventory')) {
      log(`  store: inventory bulk sync through POST /api/v1/inventory/bulk/ (${settings.durationSec} s)…`);
      inventoryBulk = await benchInventoryBulk({ store, durationSec: settings.durationSec, log });
      await notePeak('inventory bulk');
    }
    if (!options.smoke && store.plugins.includes('core-checkout')) {
      log(`  store: guest checkout flow (30 in a row, then 10 buyers at once for ${settings.durationSec} s)…`);
      checkoutFlow = await benchCheckoutFlow({ store, durationSec: settings.durationSec, log });
      await notePeak('checkout');
    }
    if (!options.smoke && store.plugins.includes('webhooks') && store.plugins.includes('core-inventory')) {
      log('  store: webhook commit-to-delivery latency and fan-out to 5 loopback endpoints…');
      webhookFanout = await benchWebhookFanout({ store, durationSec: settings.durationSec, log });
      await notePeak('webhooks');
    }
    if (store.plugins.includes('admin')) adminBundle = await measureAdminBundle(store.origin);
    peakRss = (await store.stats()).maxRss;
  } finally {
    // One server at a time on the machine: the store goes before the ceiling is measured.
    await store.stop();
    cleanups.delete(store.stop);
  }

  const ceiling = await startCeiling(store.tls);
  cleanups.add(ceiling.stop);
  const results: EndpointResult[] = [];
  try {
    for (const [i, endpoint] of endpoints.entries()) {
      const sample = samples.get(endpoint.key)!;
      await ceiling.serve(sample);
      log(`  ceiling: ${endpoint.label} (${sample.body.length} bytes, ${settings.durationSec} s)…`);
      const load = await loadServer(ceiling.origin, endpoint, settings, ceiling.stats);
      checkLoad(db, 'ceiling', endpoint, load, warnings);
      results.push({
        key: endpoint.key,
        label: endpoint.label,
        path: endpoint.path,
        response_bytes: sample.body.length,
        ours: ours[i]!,
        ceiling: load,
        ratio: load.requests_per_sec ? Math.round((ours[i]!.requests_per_sec / load.requests_per_sec) * 100) / 100 : 0,
      });
    }
  } finally {
    await ceiling.stop();
    cleanups.delete(ceiling.stop);
  }
  return {
    db,
    db_version: store.dbVersion,
    measured_at: new Date().toISOString(),
    mode: options.smoke ? 'custom' : options.quick ? 'quick' : 'full',
    products: options.smoke ? 0 : options.products,
    variants_per_product: options.smoke ? 0 : 3,
    seed_seconds: seedSeconds,
    ...(orders ? { orders: orders.orders, orders_seed_seconds: Math.round(orders.seconds * 10) / 10 } : {}),
    connections: settings.connections,
    duration_s: settings.durationSec,
    server_peak_rss_mib: mib(peakRss),
    server_idle_rss_mib: mib(idleRss),
    server_idle_rss_by_second: idleSeries,
    server_peak_rss_by_phase: peaks,
    endpoints: results,
    inventory_bulk: inventoryBulk,
    checkout_flow: checkoutFlow,
    webhook_fanout: webhookFanout,
    admin_bundle: adminBundle,
    warnings,
  };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const machine = machineInfo();
  const results: BenchResults = { date: new Date().toISOString().slice(0, 10), machine, runs: {} };
  log(`Storekeep bench${options.smoke ? ' (smoke: harness only)' : options.quick ? ' (quick)' : ''}: ${machine.nproc} CPUs (${machine.cpu}), ${machine.memory_gib} GiB, Node ${machine.node}`);
  for (const db of options.dbs) results.runs[db] = await benchDatabase(db, options);
  log('');
  for (const run of Object.values(results.runs)) log(consoleTable(run!) + '\n');
  for (const run of Object.values(results.runs)) for (const warning of run!.warnings) log(`Warning (${DB_NAMES[run!.db]}): ${warning}`);
  if (options.write) {
    const merged = mergeWithEarlier(resultsFile(results.date), results);
    log(`Wrote ${writeResults(merged)} and ${updateReadme(merged)}.`);
  } else if (!options.smoke) {
    log(markdownTable(results));
  }
}

async function cleanUp(): Promise<void> {
  await Promise.allSettled([...cleanups].map((fn) => fn()));
  await closeClient();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the servers and dropping the bench database…`);
    cleanUp().finally(() => process.exit(130));
  });
}

main().then(
  () => cleanUp(),
  async (err) => {
    await cleanUp();
    process.stderr.write(`\n${err instanceof UsageError || err instanceof BenchSetupError ? '' : 'The bench failed: '}${(err as Error).message}\n`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
