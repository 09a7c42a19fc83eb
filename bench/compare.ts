// `npm run bench:compare -- <revision> [options]`: the same endpoints measured on a revision and on this
// working tree, in turns, each side a fresh store of its own compiled code seeded alike. On a machine
// whose speed drifts from hour to hour, turns of the same few minutes are what compare two versions of
// the code; a full `npm run bench` is not. The sides take turns going first (revision, this tree | this
// tree, revision | …): measured always second, a side would carry all of a drift within each turn.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SideResult } from './compare-side.ts';
import { REPO_ROOT } from './lib/ipc.ts';

const USAGE = `npm run bench:compare -- <revision> [--endpoints k1,k2] [--db sqlite|mysql] [--rounds N] [--duration S] [--products N]

  <revision>     what to compare this working tree (uncommitted changes included) against: a commit, a tag, HEAD
  --endpoints    keys of the bench's catalogue endpoints (default: the uncached reads and storefront pages):
                 list, detail, search, list_uncached, detail_uncached, search_uncached, category_uncached,
                 list_pages_uncached, search_terms_uncached (varied pages; a revision that has them),
                 page_product, page_category, page_home, page_search and each with _uncached, page_cart, page_checkout (a
                 revision with bench/lib/storefront-pages.ts); checkout: the checkout
                 flow (its ten buyers' checkouts a second, the p50 of 30 in a row, store CPU per checkout)
  --db           sqlite (default) or mysql (BENCH_MYSQL_URL, else mysql://root@127.0.0.1:3306)
  --rounds N     turns per side (default 2)
  --duration S   seconds per measurement after a 2 s warm-up (default 8)
  --products N   products seeded per store (default 1000)`;

const DEFAULT_ENDPOINTS = 'list_uncached,detail_uncached,search_uncached,category_uncached,page_product_uncached,page_category_uncached';

interface CompareOptions {
  revision: string;
  endpoints: string;
  db: 'sqlite' | 'mysql';
  rounds: number;
  duration: number;
  products: number;
}

function parse(argv: string[]): CompareOptions {
  const options: CompareOptions = { revision: '', endpoints: DEFAULT_ENDPOINTS, db: 'sqlite', rounds: 2, duration: 8, products: 1000 };
  const whole = (name: string, raw: string | undefined) => {
    if (!raw || !/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} needs a whole number above 0.\n\n${USAGE}`);
    return Number(raw);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--endpoints') options.endpoints = argv[++i] ?? '';
    else if (arg === '--db') {
      const db = argv[++i];
      if (db !== 'sqlite' && db !== 'mysql') throw new Error(`--db is sqlite or mysql.\n\n${USAGE}`);
      options.db = db;
    } else if (arg === '--rounds') options.rounds = whole(arg, argv[++i]);
    else if (arg === '--duration') options.duration = whole(arg, argv[++i]);
    else if (arg === '--products') options.products = whole(arg, argv[++i]);
    else if (arg === '--help' || arg === '-h') throw new Error(USAGE);
    else if (!arg.startsWith('-') && !options.revision) options.revision = arg;
    else throw new Error(`Unknown argument "${arg}".\n\n${USAGE}`);
  }
  if (!options.revision) throw new Error(`Which revision? ${USAGE}`);
  return options;
}

const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();

/** The revision checked out beside this tree, sharing its node_modules, compiled, with the side runner. */
function checkOut(revision: string): { root: string; commit: string; remove(): void } {
  const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storekeep-compare-'));
  git('worktree', 'add', '--detach', '--force', root, commit);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      fs.rmSync(root, { recursive: true, force: true });
    }
    git('worktree', 'prune');
  };
  try {
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    fs.copyFileSync(path.join(REPO_ROOT, 'bench', 'compare-side.ts'), path.join(root, 'bench', 'compare-side.ts'));
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'ignore' });
  } catch (err) {
    remove();
    throw err;
  }
  return { root, commit, remove };
}

function runSide(root: string, options: CompareOptions): Promise<SideResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/compare-side.ts'], {
      cwd: root,
      env: {
        ...process.env,
        COMPARE_DB: options.db,
        COMPARE_ENDPOINTS: options.endpoints,
        COMPARE_DURATION: String(options.duration),
        COMPARE_PRODUCTS: String(options.products),
        ...(process.env.BENCH_MYSQL_URL ? { COMPARE_MYSQL_URL: process.env.BENCH_MYSQL_URL } : {}),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !last.startsWith('[')) return reject(new Error(`The side in ${root} failed (exit ${code}).`));
      resolve(JSON.parse(last) as SideResult[]);
    });
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const value = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(value * 10) / 10;
};

async function main(): Promise<void> {
  const options = parse(process.argv.slice(2));
  const base = checkOut(options.revision);
  const stop = () => {
    base.remove();
    process.exit(130);
  };
  process.once('SIGINT', stop);
  const runs: Record<'base' | 'here', SideResult[][]> = { base: [], here: [] };
  try {
    console.log(`Comparing ${base.commit.slice(0, 10)} (base) with this working tree on ${options.db}: ${options.rounds} turns each, ${options.duration} s per endpoint.`);
    for (let round = 1; round <= options.rounds; round++) {
      for (const side of round % 2 === 1 ? (['base', 'here'] as const) : (['here', 'base'] as const)) {
        const results = await runSide(side === 'base' ? base.root : REPO_ROOT, options);
        runs[side].push(results);
        for (const r of results) {
          console.log(`  turn ${round} ${side.padEnd(4)} ${r.key.padEnd(24)} ${String(r.requests_per_sec).padStart(7)}/s  p50 ${r.latency_p50_ms} ms  CPU ${r.cpu_us_per_answer} µs/answer  RSS ${r.rss_mib} MiB (peak ${r.peak_rss_mib})${r.non_2xx ? `  ${r.non_2xx} failed` : ''}`);
        }
      }
    }
  } finally {
    process.off('SIGINT', stop);
    base.remove();
  }
  console.log('\nMedians (this tree against the base):');
  console.log('| Endpoint | answers/s base → here | CPU µs/answer base → here | RSS after, MiB base → here |');
  console.log('|---|---|---|---|');
  for (const key of options.endpoints.split(',')) {
    const of = (side: 'base' | 'here', field: 'requests_per_sec' | 'cpu_us_per_answer' | 'rss_mib') => median(runs[side].map((results) => results.find((r) => r.key === key)![field]));
    const [a, b] = [of('base', 'requests_per_sec'), of('here', 'requests_per_sec')];
    console.log(`| ${key} | ${a} → ${b} (${(b / a).toFixed(2)}×) | ${of('base', 'cpu_us_per_answer')} → ${of('here', 'cpu_us_per_answer')} | ${of('base', 'rss_mib')} → ${of('here', 'rss_mib')} |`);
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
