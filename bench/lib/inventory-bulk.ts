// The inventory bulk-sync scenario: how many stock records per second an integration (ERP, warehouse
// system) can push through POST /api/v1/inventory/bulk/ (plugin core-inventory), 1,000 per call.
import { BenchSetupError } from './catalog.ts';
import { call } from './http.ts';
import type { StoreHandle } from './store.ts';

const BULK_PATH = '/api/v1/inventory/bulk/';
const RECORDS_PER_CALL = 1000;
const WAREHOUSES = 2;

export interface InventoryBulkContext {
  /** A running store with a seeded catalogue (its variants get the stock records). */
  store: StoreHandle;
  /** How long to keep sending update rounds after the first (creating) one, in seconds. */
  durationSec: number;
  log?: (line: string) => void;
}

/** One phase of the scenario: every call's records, time and latency. */
export interface BulkPhase {
  calls: number;
  records: number;
  seconds: number;
  records_per_sec: number;
  call_p50_ms: number;
  call_p99_ms: number;
}

export interface InventoryBulkResult {
  key: 'inventory_bulk';
  label: string;
  path: string;
  records_per_call: number;
  variants: number;
  warehouses: number;
  /** First round: every record is new (inserted). */
  create: BulkPhase;
  /** Later rounds: every record exists and changes quantity (the steady state of a sync). */
  update: BulkPhase;
  /**
   * The outbox after the sync: the events still waiting for dispatch when the last call answered (each
   * changed record emits inventory.updated), and how long the store took to dispatch them all. The
   * scenarios after this one start once it has, so that they measure themselves, not this backlog.
   */
  backlog?: { events: number; seconds: number; drained: boolean };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function phase(latencies: number[], records: number): BulkPhase {
  const seconds = latencies.reduce((a, b) => a + b, 0) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    calls: latencies.length,
    records,
    seconds: round(seconds, 2),
    records_per_sec: seconds > 0 ? Math.round(records / seconds) : 0,
    call_p50_ms: round(percentile(sorted, 50)),
    call_p99_ms: round(percentile(sorted, 99)),
  };
}

/** Every variant id of the seeded catalogue, through the public variants list (100 per page). */
async function variantIds(store: StoreHandle): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const res = await call(store.origin, `/api/v1/variants/?page_size=100&page=${page}`);
    if (res.status !== 200) throw new BenchSetupError(`GET /api/v1/variants/ (page ${page}) answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
    const body = res.json<{ next: string | null; results: Array<{ id: number }> }>();
    ids.push(...body.results.map((v) => v.id));
    if (!body.next) return ids;
  }
}

/**
 * Creates two warehouses, then sends every (variant, warehouse) record in calls of 1,000, one call at a
 * time as a sync job does: a first round that creates the records, then rounds that change every
 * record's quantity until `durationSec` has passed (at least two). Records per second = records sent /
 * time spent in the calls.
 */
export async function benchInventoryBulk(ctx: InventoryBulkContext): Promise<InventoryBulkResult> {
  const { store } = ctx;
  if (!store.apiKey) throw new BenchSetupError('The store has no API key service (plugin core-auth), so the bench cannot sync stock through the API.');
  const headers = { authorization: `Token ${store.apiKey}` };
  const warehouses: number[] = [];
  for (let i = 1; i <= WAREHOUSES; i++) {
    const res = await call(store.origin, '/api/v1/warehouses/', { headers, body: { name: `Bench warehouse ${i}`, code: `BENCH-${i}-${Date.now()}`, priority: i } });
    if (res.status === 404 || res.status === 405) {
      throw new BenchSetupError(`POST /api/v1/warehouses/ answered ${res.status}: the inventory endpoints (plugin core-inventory) are not there. Loaded plugins: ${store.plugins.join(', ') || 'none'}.`);
    }
    if (res.status !== 201) throw new BenchSetupError(`POST /api/v1/warehouses/ answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
    warehouses.push(res.json<{ id: number }>().id);
  }
  const variants = await variantIds(store);
  if (variants.length === 0) throw new BenchSetupError('The catalogue has no variants to hold stock; seed it first.');
  const pairs = warehouses.flatMap((warehouse_id) => variants.map((variant_id) => ({ variant_id, warehouse_id })));

  // Round r gives record i the quantity 1 + (i + r) mod 1000: every round changes every record.
  const sendRound = async (r: number, latencies: number[]) => {
    for (let from = 0; from < pairs.length; from += RECORDS_PER_CALL) {
      const records = pairs.slice(from, from + RECORDS_PER_CALL).map((p, j) => ({ ...p, quantity: 1 + ((from + j + r) % 1000) }));
      const started = performance.now();
      const res = await call(store.origin, BULK_PATH, { headers, body: { records } });
      latencies.push(performance.now() - started);
      if (res.status !== 200) throw new BenchSetupError(`POST ${BULK_PATH} (records ${from}–${from + records.length - 1}, round ${r}) answered ${res.status}: ${res.body.toString('utf8').slice(0, 600)}`);
    }
  };

  ctx.log?.(`  inventory bulk sync: ${pairs.length} records (${variants.length} variants × ${WAREHOUSES} warehouses), ${RECORDS_PER_CALL} per call…`);
  const created: number[] = [];
  await sendRound(0, created);
  const updated: number[] = [];
  const until = performance.now() + ctx.durationSec * 1000;
  let rounds = 0;
  while (rounds < 2 || performance.now() < until) await sendRound(++rounds, updated);
  const backlog = await waitForOutbox(store, headers, ctx.log);
  return {
    key: 'inventory_bulk',
    label: `inventory bulk sync, ${RECORDS_PER_CALL} records per call`,
    path: BULK_PATH,
    records_per_call: RECORDS_PER_CALL,
    variants: variants.length,
    warehouses: WAREHOUSES,
    create: phase(created, pairs.length),
    update: phase(updated, pairs.length * rounds),
    backlog,
  };
}

const OUTBOX_WAITING = /^storekeep_outbox_events_waiting(?:\{[^}]*\})? (\d+)/m;
const DRAIN_LIMIT_SEC = 300;

/** Polls the store's /metrics until no event waits for dispatch (at most DRAIN_LIMIT_SEC); undefined without the metric. */
async function waitForOutbox(store: StoreHandle, headers: Record<string, string>, log?: (line: string) => void): Promise<InventoryBulkResult['backlog']> {
  const waiting = async () => {
    const res = await call(store.origin, '/metrics', { headers });
    const match = res.status === 200 ? OUTBOX_WAITING.exec(res.body.toString('utf8')) : null;
    return match ? Number(match[1]) : undefined;
  };
  const started = performance.now();
  const events = await waiting();
  if (events === undefined) return undefined;
  log?.(`  inventory bulk sync: ${events} events wait for dispatch; waiting until the outbox has dispatched them…`);
  let left = events;
  while (left > 0 && performance.now() - started < DRAIN_LIMIT_SEC * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    left = (await waiting()) ?? 0;
  }
  return { events, seconds: round((performance.now() - started) / 1000, 2), drained: left === 0 };
}
