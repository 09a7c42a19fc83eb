import fs from 'node:fs';
import path from 'node:path';
import type { MachineInfo } from './machine.ts';
import type { DbKind } from './options.ts';
import type { LoadResult } from './load.ts';
import { REPO_ROOT } from './ipc.ts';
import type { InventoryBulkResult } from './inventory-bulk.ts';
import { checkoutFlowLines, type CheckoutFlowResult } from './checkout-flow.ts';
import { webhookFanoutLines, type WebhookFanoutResult } from './webhook-fanout.ts';

/**
 * A measurement plus the measured server's memory after it and the CPU used meanwhile (100 = one core)
 * by the server, the load generator and every other process (MariaDB included, while it serves the store).
 */
export type ServerLoad = LoadResult & { server_rss_mib: number; server_cpu_pct: number; generator_cpu_pct: number; other_cpu_pct: number };

export interface EndpointResult {
  key: string;
  label: string;
  path: string;
  response_bytes: number;
  ours: ServerLoad;
  ceiling: ServerLoad;
  /** ours / ceiling in requests per second. */
  ratio: number;
}

import type { AdminBundleSize } from './admin-bundle.ts';

export interface DbRun {
  db: DbKind;
  db_version: string;
  measured_at: string;
  mode: 'quick' | 'full' | 'custom';
  products: number;
  variants_per_product: number;
  seed_seconds: number;
  /** Orders one customer placed through the checkout before the reads, and the seconds that took (core-checkout). */
  orders?: number;
  orders_seed_seconds?: number;
  connections: number;
  duration_s: number;
  /** Peak resident memory of the store process over the whole run. */
  server_peak_rss_mib: number;
  /** Resident memory 5 s after start, before seeding (absent in results of earlier dates). */
  server_idle_rss_mib?: number;
  /** The resident set each second of the settling after start, MiB. */
  server_idle_rss_by_second?: number[];
  /** The peak so far after each phase, in order (absent in results of earlier dates). */
  server_peak_rss_by_phase?: PhasePeak[];
  endpoints: EndpointResult[];
  /** Records per second through POST /api/v1/inventory/bulk/ (core-inventory). */
  inventory_bulk?: InventoryBulkResult;
  /** The guest checkout flow, sequential and concurrent (core-checkout). */
  checkout_flow?: CheckoutFlowResult;
  /** Webhook commit-to-delivery latency and fan-out throughput (webhooks). */
  webhook_fanout?: WebhookFanoutResult;
  /** The admin panel's bundle, raw and gzipped (admin). */
  admin_bundle?: AdminBundleSize;
  /** Anything that makes these figures less trustworthy: a busy machine, non-2xx answers, errors. */
  warnings: string[];
}

/** The store's lifetime peak RSS read right after one phase of the run (start, seeding, an endpoint's load, …). */
export interface PhasePeak {
  phase: string;
  peak_rss_mib: number;
  /** After the phase: the resident set, and of it what V8 holds for its heap (the rest is Node, the libraries, SQLite's page cache, Buffers). */
  rss_mib?: number;
  v8_heap_mib?: number;
}

export interface BenchResults {
  date: string;
  machine: MachineInfo;
  runs: Partial<Record<DbKind, DbRun>>;
}

export const DB_NAMES: Record<DbKind, string> = { sqlite: 'SQLite', mysql: 'MariaDB/MySQL' };
export const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
}

// A rise of the peak smaller than this is the heap's ordinary breathing, not the phase's own need.
const PEAK_RISE_MIB = 5;

/** Where the lifetime peak rose, phase by phase: ` (rose in start 121, checkout 240, …)`; empty without phases. */
export function peakRises(run: DbRun): string {
  const phases = run.server_peak_rss_by_phase;
  if (!phases?.length) return '';
  let last = 0;
  const rises: string[] = [];
  for (const { phase, peak_rss_mib } of phases) {
    if (peak_rss_mib - last >= PEAK_RISE_MIB) rises.push(`${phase} ${peak_rss_mib}`);
    last = Math.max(last, peak_rss_mib);
  }
  return ` (the peak so far after the phases where it rose: ${rises.join(', ')})`;
}

/** The settling after start, every tenth second: "(10 s 120.3, 20 s 119.8, 30 s 99.1)". */
export function idleSteps(run: DbRun): string {
  const series = run.server_idle_rss_by_second;
  if (!series?.length) return '';
  const steps = series.map((rss, i) => ({ second: i + 1, rss })).filter(({ second }) => second % 10 === 0);
  return steps.length ? ` (${steps.map(({ second, rss }) => `${second} s ${rss}`).join(', ')})` : '';
}

/** The table printed at the end of a run. */
// The write-side figures of a run as console lines.
function writeSideLines(run: DbRun): string[] {
  const lines: string[] = [];
  const b = run.inventory_bulk;
  if (b) {
    lines.push(`Inventory bulk sync (${b.records_per_call} records per call, ${b.variants} variants × ${b.warehouses} warehouses): update ${b.update.records_per_sec} records/s (call p50 ${b.update.call_p50_ms} ms, p99 ${b.update.call_p99_ms} ms), create ${b.create.records_per_sec} records/s`);
    if (b.backlog) lines.push(`  then ${b.backlog.events} events waited for dispatch: ${b.backlog.drained ? 'all dispatched' : 'NOT all dispatched'} in ${b.backlog.seconds} s`);
  }
  if (run.checkout_flow) lines.push(...checkoutFlowLines(run.checkout_flow));
  if (run.webhook_fanout) lines.push(...webhookFanoutLines(run.webhook_fanout));
  return lines;
}

export function consoleTable(run: DbRun): string {
  const head = ['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'RSS MiB', 'CPU % srv/gen/other', 'ceiling req/s', 'p50 ms', 'p99 ms', 'CPU % srv/gen/other', 'ours/ceiling'];
  const rows = run.endpoints.map((e) => [
    e.label,
    String(e.ours.requests_per_sec),
    String(e.ours.latency_p50_ms),
    String(e.ours.latency_p99_ms),
    String(e.ours.server_rss_mib),
    `${e.ours.server_cpu_pct}/${e.ours.generator_cpu_pct}/${e.ours.other_cpu_pct}`,
    String(e.ceiling.requests_per_sec),
    String(e.ceiling.latency_p50_ms),
    String(e.ceiling.latency_p99_ms),
    `${e.ceiling.server_cpu_pct}/${e.ceiling.generator_cpu_pct}/${e.ceiling.other_cpu_pct}`,
    e.ratio.toFixed(2),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const title = `${DB_NAMES[run.db]} (${run.db_version}): ${run.products} products × ${run.variants_per_product} variants, ${run.connections} connections, ${run.duration_s} s each, peak RSS ${run.server_peak_rss_mib} MiB${peakRises(run)}`;
  return [title, pad(head, widths), ...rows.map((r) => pad(r, widths)), ...writeSideLines(run)].join('\n');
}

/** The results of earlier runs on the same date, so a `--db mysql` run keeps the SQLite figures. */
export function mergeWithEarlier(file: string, results: BenchResults): BenchResults {
  if (!fs.existsSync(file)) return results;
  try {
    const earlier = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResults;
    return { ...results, runs: { ...earlier.runs, ...results.runs } };
  } catch {
    return results;
  }
}

export function resultsFile(date: string): string {
  return path.join(REPO_ROOT, 'bench', 'results', `${date}.json`);
}

export function writeResults(results: BenchResults): string {
  const file = resultsFile(results.date);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(results, null, 2) + '\n');
  return file;
}

/** The markdown that goes between the markers in bench/README.md. */
export function markdownTable(results: BenchResults): string {
  const m = results.machine;
  const lines = [
    `Measured ${results.date} on ${m.nproc} CPU${m.nproc === 1 ? '' : 's'} (${m.cpu}), ${m.memory_gib} GiB memory, Node ${m.node}, ${m.platform}.`,
    '',
    '| Database | Endpoint | req/s | p50 ms | p99 ms | Server RSS MiB | Ceiling req/s | Ceiling p50 / p99 ms | Ours / ceiling |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const runs = Object.values(results.runs).filter(Boolean) as DbRun[];
  for (const run of runs) {
    for (const e of run.endpoints) {
      lines.push(
        `| ${DB_NAMES[run.db]} | ${e.label} | ${e.ours.requests_per_sec} | ${e.ours.latency_p50_ms} | ${e.ours.latency_p99_ms} | ${e.ours.server_rss_mib} | ${e.ceiling.requests_per_sec} | ${e.ceiling.latency_p50_ms} / ${e.ceiling.latency_p99_ms} | ${e.ratio.toFixed(2)} |`,
      );
    }
  }
  lines.push('');
  for (const run of runs) {
    lines.push(
      `- ${DB_NAMES[run.db]}: ${run.db_version}; ${run.mode} run, ${run.products} products × ${run.variants_per_product} variants seeded in ${run.seed_seconds} s${run.orders ? `, ${run.orders} orders placed by one customer through the checkout in ${run.orders_seed_seconds} s` : ''}; ${run.connections} connections, ${run.duration_s} s per figure; store RSS idle after start ${run.server_idle_rss_mib ?? '–'} MiB${idleSteps(run)}, peak ${run.server_peak_rss_mib} MiB${peakRises(run)}.`,
    );
  }
  const writeSide = runs.filter((r) => r.inventory_bulk || r.checkout_flow);
  if (writeSide.length) {
    lines.push('', '| Database | Inventory bulk sync: records/s (update / create), call p50 / p99 ms | Guest checkout: flow p50 / p99 ms (30 in a row) | Slowest step p50 ms | 10 buyers at once: checkouts/s |', '|---|---|---|---|---:|');
    for (const run of writeSide) {
      const b = run.inventory_bulk;
      const c = run.checkout_flow;
      const slowest = c ? [...c.sequential.steps].sort((x, y) => y.p50_ms - x.p50_ms)[0] : undefined;
      lines.push(
        `| ${DB_NAMES[run.db]} | ${b ? `${b.update.records_per_sec} / ${b.create.records_per_sec} (${b.records_per_call} per call), ${b.update.call_p50_ms} / ${b.update.call_p99_ms}${b.backlog ? `; its ${b.backlog.events} events dispatched in ${b.backlog.seconds} s${b.backlog.drained ? '' : ' (not all)'}` : ''}` : '–'} | ${c ? `${c.sequential.p50_ms} / ${c.sequential.p99_ms}` : '–'} | ${slowest ? `${slowest.step} ${slowest.p50_ms}` : '–'} | ${c ? c.concurrent.checkouts_per_sec : '–'} |`,
      );
    }
  }
  const hooks = runs.filter((r) => r.webhook_fanout);
  if (hooks.length) {
    lines.push('', '| Database | Webhooks: commit to delivery p50 / p99 ms (first endpoint) | at all 5 endpoints p50 / p99 ms | Burst: events → deliveries | Deliveries/s |', '|---|---|---|---|---:|');
    for (const run of hooks) {
      const w = run.webhook_fanout!;
      lines.push(`| ${DB_NAMES[run.db]} | ${w.latency.first_p50_ms} / ${w.latency.first_p99_ms} | ${w.latency.all_p50_ms} / ${w.latency.all_p99_ms} | ${w.burst.events} → ${w.burst.deliveries} in ${w.burst.seconds} s | ${w.burst.deliveries_per_sec} |`);
    }
  }
  const bundle = runs.find((r) => r.admin_bundle)?.admin_bundle;
  if (bundle) {
    const kb = (n: number) => (n / 1024).toFixed(1);
    lines.push('', `Admin panel bundle: script ${kb(bundle.script_bytes)} KiB (${kb(bundle.script_gzip_bytes)} KiB gzipped), style sheet ${kb(bundle.style_bytes)} KiB (${kb(bundle.style_gzip_bytes)} KiB gzipped).`);
  }
  for (const run of runs) for (const warning of run.warnings ?? []) lines.push(`- Warning (${DB_NAMES[run.db]}): ${warning}`);
  return lines.join('\n');
}

/**
 * Replaces the generated section of bench/README.md between `<!-- bench:<section>:start -->` and
 * `<!-- bench:<section>:end -->` with `content`; returns the file's path.
 */
export function replaceReadmeSection(section: string, content: string): string {
  const start = `<!-- bench:${section}:start -->`;
  const end = `<!-- bench:${section}:end -->`;
  const file = path.join(REPO_ROOT, 'bench', 'README.md');
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`bench/README.md lacks the ${start} … ${end} markers.`);
  fs.writeFileSync(file, text.slice(0, from + start.length) + '\n' + content + '\n' + text.slice(to));
  return file;
}

/** Replaces the results section of bench/README.md with these results. */
export function updateReadme(results: BenchResults): string {
  return replaceReadmeSection('results', markdownTable(results));
}
