// The webhook scenario (plugin webhooks): a loopback receiver in the bench process, 5 endpoints
// subscribed to every event, then (1) commit-to-delivery latency of single changes made one at a time
// and (2) fan-out throughput of a burst: one inventory bulk sync whose every record is an
// `inventory.updated` event, delivered to all 5 endpoints.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { BenchSetupError } from './catalog.ts';
import { call } from './http.ts';
import type { StoreHandle } from './store.ts';

const ENDPOINTS = 5;
const WAIT_LIMIT_MS = 120_000;

export interface WebhookFanoutContext {
  store: StoreHandle;
  /** Scales the scenario: 10 single changes and 100 burst events per second of it (at least 30 and 200). */
  durationSec: number;
  log?: (line: string) => void;
}

export interface WebhookFanoutResult {
  key: 'webhook_fanout';
  label: string;
  endpoints: number;
  /** Single changes (POST /api/v1/categories/), one at a time, each waited for at every endpoint. */
  latency: { changes: number; first_p50_ms: number; first_p99_ms: number; all_p50_ms: number; all_p99_ms: number };
  /** One commit of `events` events; deliveries = events × endpoints. */
  burst: { events: number; deliveries: number; seconds: number; deliveries_per_sec: number };
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

/** A plain-HTTP receiver on 127.0.0.1 (a loopback host, so the store allows http) answering 200 at once. */
class Receiver {
  readonly arrivals = new Map<string, number[]>();
  /** Arrival times by event type, in order. */
  readonly byType = new Map<string, number[]>();
  private waiters: Array<{ check: () => boolean; resolve: () => void }> = [];
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      res.writeHead(200).end();
      const event = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type: string; data: { id?: number } };
      const key = `${event.type}:${event.data.id}`;
      (this.arrivals.get(key) ?? this.arrivals.set(key, []).get(key)!).push(at);
      (this.byType.get(event.type) ?? this.byType.set(event.type, []).get(event.type)!).push(at);
      this.waiters = this.waiters.filter((w) => (w.check() ? (w.resolve(), false) : true));
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Resolves once `check` holds; a bench error if it does not within two minutes. */
  until(check: () => boolean, what: string): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new BenchSetupError(`Webhook deliveries did not arrive: ${what}.`)), WAIT_LIMIT_MS);
      this.waiters.push({ check, resolve: () => (clearTimeout(timer), resolve()) });
    });
  }

  count(key: string): number {
    return this.arrivals.get(key)?.length ?? 0;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function post(store: StoreHandle, path: string, body: unknown, expected: number): Promise<any> {
  const res = await call(store.origin, path, { headers: { authorization: `Token ${store.apiKey}` }, body });
  if (res.status !== expected) throw new BenchSetupError(`POST ${path} answered ${res.status}: ${res.body.toString('utf8').slice(0, 300)}`);
  return res.json();
}

/** Runs both parts; the endpoints are deactivated afterwards so later scenarios pay nothing for them. */
export async function benchWebhookFanout(ctx: WebhookFanoutContext): Promise<WebhookFanoutResult> {
  const { store } = ctx;
  if (!store.apiKey) throw new BenchSetupError('The store has no API key service (plugin core-auth), so the bench cannot register webhook endpoints.');
  const receiver = new Receiver();
  await receiver.start();
  const endpointIds: number[] = [];
  try {
    for (let i = 0; i < ENDPOINTS; i++) {
      endpointIds.push((await post(store, '/api/v1/webhooks/', { url: `${receiver.url}/hooks/${i}`, events: ['*'], description: `bench ${i}` }, 201)).id);
    }
    // Warm-up: once this change has reached every endpoint, the earlier scenarios' events are dispatched too.
    const warm = await post(store, '/api/v1/categories/', { name: `Webhook warm-up ${Date.now()}` }, 201);
    await receiver.until(() => receiver.count(`category.created:${warm.id}`) >= ENDPOINTS, 'the warm-up change');

    const changes = Math.max(30, ctx.durationSec * 10);
    ctx.log?.(`  webhooks: ${changes} single changes to ${ENDPOINTS} endpoints, one at a time…`);
    const first: number[] = [];
    const all: number[] = [];
    for (let i = 0; i < changes; i++) {
      const category = await post(store, '/api/v1/categories/', { name: `Webhook latency ${i} ${Date.now()}` }, 201);
      // The answer comes right after the commit: the latency runs from there to the receiver.
      const committed = performance.now();
      const key = `category.created:${category.id}`;
      await receiver.until(() => receiver.count(key) >= ENDPOINTS, `change ${i}`);
      const times = receiver.arrivals.get(key)!;
      first.push(Math.max(0, Math.min(...times) - committed));
      all.push(Math.max(0, Math.max(...times) - committed));
    }

    const warehouse = (await post(store, '/api/v1/warehouses/', { name: 'Webhook bench', code: `WH-BENCH-${Date.now()}` }, 201)).id as number;
    const variants = await call(store.origin, '/api/v1/variants/?page_size=100');
    const ids: number[] = [];
    const wanted = Math.max(200, ctx.durationSec * 100);
    for (let page = 1; ids.length < wanted; page++) {
      const res = page === 1 ? variants : await call(store.origin, `/api/v1/variants/?page_size=100&page=${page}`);
      if (res.status !== 200) break;
      const body = res.json<{ next: string | null; results: Array<{ id: number }> }>();
      ids.push(...body.results.map((v) => v.id));
      if (!body.next) break;
    }
    const events = Math.min(wanted, ids.length);
    if (events === 0) throw new BenchSetupError('The catalogue has no variants to change stock of; seed it first.');
    ctx.log?.(`  webhooks: a burst of ${events} inventory.updated events (one bulk sync) to ${ENDPOINTS} endpoints…`);
    const records = ids.slice(0, events).map((variant_id, i) => ({ variant_id, warehouse_id: warehouse, quantity: 10 + i }));
    // Only arrivals after this point count (stock events of earlier scenarios may still trickle in).
    const stock = () => receiver.byType.get('inventory.updated') ?? [];
    const earlier = stock().length;
    await post(store, '/api/v1/inventory/bulk/', { records }, 200);
    const committed = performance.now();
    await receiver.until(() => stock().length - earlier >= events * ENDPOINTS, `the burst of ${events} events`);
    const seconds = (Math.max(...stock().slice(earlier)) - committed) / 1000;
    return {
      key: 'webhook_fanout',
      label: `webhook fan-out to ${ENDPOINTS} loopback endpoints`,
      endpoints: ENDPOINTS,
      latency: { changes, first_p50_ms: percentile(first, 50), first_p99_ms: percentile(first, 99), all_p50_ms: percentile(all, 50), all_p99_ms: percentile(all, 99) },
      burst: { events, deliveries: events * ENDPOINTS, seconds: round(seconds, 2), deliveries_per_sec: seconds > 0 ? Math.round((events * ENDPOINTS) / seconds) : 0 },
    };
  } finally {
    for (const id of endpointIds) {
      await call(store.origin, `/api/v1/webhooks/${id}/`, { method: 'PATCH', headers: { authorization: `Token ${store.apiKey}` }, body: { active: false } }).catch(() => undefined);
    }
    await receiver.close();
  }
}

/** The scenario's console lines. */
export function webhookFanoutLines(r: WebhookFanoutResult): string[] {
  return [
    `Webhooks (${r.endpoints} loopback endpoints, every event): commit to delivery p50 ${r.latency.first_p50_ms} ms, p99 ${r.latency.first_p99_ms} ms (at all ${r.endpoints}: p50 ${r.latency.all_p50_ms} ms, p99 ${r.latency.all_p99_ms} ms; ${r.latency.changes} changes)`,
    `  burst: ${r.burst.events} events → ${r.burst.deliveries} deliveries in ${r.burst.seconds} s = ${r.burst.deliveries_per_sec} deliveries/s`,
  ];
}
