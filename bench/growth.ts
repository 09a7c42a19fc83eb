// `npm run bench:growth`: how the cost of a computed catalogue read grows with the catalogue. For each
// size, a fresh store is seeded through the bulk endpoint (timed), then each read is asked one at a
// time with `Cache-Control: no-cache` (so the store computes every answer) and its latency recorded.
// Each database's table in bench/README.md ("Cost as the catalogue grows") is replaced by its own run.
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_CATEGORY, BenchSetupError, SEARCH_TERM, seedCatalogue } from './lib/catalog.ts';
import { call, closeClient } from './lib/http.ts';
import { REPO_ROOT } from './lib/ipc.ts';
import { machineInfo } from './lib/machine.ts';
import type { DbKind } from './lib/options.ts';
import { DB_NAMES, replaceReadmeSection } from './lib/report.ts';
import { startStore, type StoreHandle } from './lib/store.ts';

const USAGE = `npm run bench:growth -- [--db sqlite|mysql] [--sizes 1000,10000,100000] [--seconds S] [--no-write]

  --db       the database (default sqlite)
  --sizes    catalogue sizes in products, 3 variants each (default 1000,10000,100000)
  --seconds  seconds of requests per read and size (default 5)
  --no-write print only; leave bench/results and bench/README.md alone`;

/** The page a deep read asks for: page 400 of 20, or the last page of a smaller catalogue. */
const DEEP_PAGE = 400;
const PAGE_SIZE = 20;

interface Read {
  key: string;
  label: string;
  path: string;
}

interface Latency {
  requests: number;
  p50_ms: number;
  p99_ms: number;
}

interface SizeResult {
  products: number;
  seed_seconds: number;
  reads: Record<string, Latency & { path: string }>;
  server_rss_mib: number;
}

const log = (line: string) => process.stdout.write(line + '\n');

function parse(argv: string[]) {
  let db: DbKind = 'sqlite';
  let sizes = [1000, 10000, 100000];
  let seconds = 5;
  let write = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--db' && (argv[i + 1] === 'sqlite' || argv[i + 1] === 'mysql')) db = argv[++i] as DbKind;
    else if (arg === '--sizes' && /^\d+(,\d+)*$/.test(argv[i + 1] ?? '')) sizes = argv[++i]!.split(',').map(Number);
    else if (arg === '--seconds' && /^[1-9]\d*$/.test(argv[i + 1] ?? '')) seconds = Number(argv[++i]);
    else if (arg === '--no-write') write = false;
    else throw new BenchSetupError(`Unknown or incomplete argument "${arg}".\n\n${USAGE}`);
  }
  return { db, sizes, seconds, write, mysqlUrl: process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306' };
}

// The product in the middle of the catalogue, found through the API as a client would.
async function middleProduct(store: StoreHandle, count: number): Promise<number> {
  const page = Math.max(1, Math.ceil(count / 2 / PAGE_SIZE));
  const res = await call(store.origin, `/api/v1/products/?page_size=${PAGE_SIZE}&page=${page}`);
  if (res.status !== 200) throw new BenchSetupError(`The list answered ${res.status}.`);
  return res.json<{ results: Array<{ id: number }> }>().results[0]!.id;
}

// The same deep page as a client walking the list reaches it: the `next` link of the page before,
// which carries the position the page starts after (read from the index, no OFFSET).
async function nextLinkOf(store: StoreHandle, page: number): Promise<string> {
  const res = await call(store.origin, `/api/v1/products/?page_size=${PAGE_SIZE}&page=${page}`);
  const next = res.status === 200 ? res.json<{ next: string | null }>().next : null;
  if (!next) throw new BenchSetupError(`Page ${page} answered ${res.status} without a next link.`);
  const url = new URL(next);
  return url.pathname + url.search;
}

async function reads(store: StoreHandle, count: number): Promise<Read[]> {
  const deep = Math.min(DEEP_PAGE, Math.ceil(count / PAGE_SIZE));
  return [
    { key: 'list', label: 'list, page 1', path: `/api/v1/products/?page_size=${PAGE_SIZE}` },
    { key: 'deep', label: `list, page ${deep}`, path: `/api/v1/products/?page_size=${PAGE_SIZE}&page=${deep}` },
    { key: 'deep_next', label: `list, page ${deep} by the next link`, path: await nextLinkOf(store, deep - 1) },
    { key: 'search', label: `search "${SEARCH_TERM}"`, path: `/api/v1/products/?page_size=${PAGE_SIZE}&search=${encodeURIComponent(SEARCH_TERM)}` },
    // Every seeded product is in the bench's category: its first page, counted over the whole catalogue.
    { key: 'category', label: `category "${BENCH_CATEGORY}", page 1`, path: `/api/v1/products/?page_size=${PAGE_SIZE}&category=${BENCH_CATEGORY}` },
    { key: 'detail', label: 'product detail', path: `/api/v1/products/${await middleProduct(store, count)}/` },
  ];
}

// One request at a time for `seconds`, after a second of warm-up: latency without queueing.
async function latency(store: StoreHandle, read: Read, seconds: number): Promise<Latency> {
  const headers = { 'cache-control': 'no-cache' };
  const warmUntil = performance.now() + 1000;
  while (performance.now() < warmUntil) await call(store.origin, read.path, { headers });
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    const res = await call(store.origin, read.path, { headers });
    if (res.status !== 200) throw new BenchSetupError(`${read.path} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 100) / 100;
  return { requests: times.length, p50_ms: at(0.5), p99_ms: at(0.99) };
}

async function measureSize(db: DbKind, products: number, seconds: number, mysqlUrl: string): Promise<SizeResult> {
  const store = await startStore(db, { mysqlUrl });
  try {
    log(`  ${products} products: seeding…`);
    const seedSeconds = Math.round((await seedCatalogue(store, products)) * 10) / 10;
    log(`  ${products} products: seeded in ${seedSeconds} s`);
    const result: SizeResult = { products, seed_seconds: seedSeconds, reads: {}, server_rss_mib: 0 };
    for (const read of await reads(store, products)) {
      const measured = await latency(store, read, seconds);
      result.reads[read.key] = { ...measured, path: read.path };
      log(`    ${read.label}: p50 ${measured.p50_ms} ms, p99 ${measured.p99_ms} ms (${measured.requests} requests)`);
    }
    result.server_rss_mib = Math.round(((await store.stats()).rss / 1048576) * 10) / 10;
    return result;
  } finally {
    await store.stop();
  }
}

const READ_KEYS = ['list', 'deep', 'deep_next', 'search', 'category', 'detail'];

function table(db: DbKind, results: SizeResult[]): string {
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const growth = (key: string) => (first.reads[key]!.p50_ms ? `${Math.round((last.reads[key]!.p50_ms / first.reads[key]!.p50_ms) * 100) / 100}×` : '–');
  const lines = [
    `| ${DB_NAMES[db]}: products | Seeding (bulk API) s | List p50 / p99 ms | Deep page by number p50 / p99 ms | Deep page by next link p50 / p99 ms | Search p50 / p99 ms | Category p50 / p99 ms | Detail p50 / p99 ms | Server RSS MiB |`,
    '|---:|---:|---|---|---|---|---|---|---:|',
    ...results.map((r) => `| ${r.products} | ${r.seed_seconds} | ${READ_KEYS.map((k) => `${r.reads[k]!.p50_ms} / ${r.reads[k]!.p99_ms}`).join(' | ')} | ${r.server_rss_mib} |`),
  ];
  if (results.length > 1) lines.push(`| growth of p50, ${first.products} → ${last.products} | | ${READ_KEYS.map(growth).join(' | ')} | |`);
  return lines.join('\n');
}

function write(db: DbKind, results: SizeResult[]): string[] {
  const machine = machineInfo();
  const date = new Date().toISOString().slice(0, 10);
  const json = path.join(REPO_ROOT, 'bench', 'results', `${date}-growth-${db}.json`);
  fs.writeFileSync(json, JSON.stringify({ date, machine, db, results }, null, 2) + '\n');
  const heading = `Measured ${date} on ${machine.nproc} CPUs (${machine.cpu}), Node ${machine.node}; one request at a time, ${'`Cache-Control: no-cache`'}.`;
  return [json, replaceReadmeSection(`growth:${db}`, `${heading}\n\n${table(db, results)}`)];
}

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  log(`Storekeep bench, cost as the catalogue grows: ${DB_NAMES[options.db]}, sizes ${options.sizes.join(', ')}`);
  const results: SizeResult[] = [];
  for (const size of options.sizes) results.push(await measureSize(options.db, size, options.seconds, options.mysqlUrl));
  log('\n' + table(options.db, results));
  if (options.write) log(`\nWrote ${write(options.db, results).join(' and ')}.`);
}

main().then(
  () => closeClient(),
  async (err) => {
    await closeClient();
    process.stderr.write(`\n${err instanceof BenchSetupError ? '' : 'The bench failed: '}${(err as Error).message}\n`);
    process.exitCode = 1;
  },
);
