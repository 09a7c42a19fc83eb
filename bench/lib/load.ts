import autocannon from 'autocannon';

/** One request the bench fires over and over. */
export interface Endpoint {
  /** Stable key in the results file (`list`, `detail`, `search`, …). */
  key: string;
  label: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /**
   * Paths asked in turn instead of `path` alone (each request the next): a load of varied pages, which
   * share little between the requests in flight. `path` is the first of them and the one sampled.
   */
  paths?: readonly string[];
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  durationSec: number;
  warmupSec: number;
}

/** What one measurement gave: successful requests per second and their latency. */
export interface LoadResult {
  requests_per_sec: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_avg_ms: number;
  requests: number;
  /** Answers other than 2xx, errors and timeouts: each should be 0, else the figures mean less. */
  non_2xx: number;
  errors: number;
  timeouts: number;
  duration_s: number;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function optionsFor(origin: string, endpoint: Endpoint, connections: number) {
  const { paths } = endpoint;
  let next = 0;
  return {
    url: origin + endpoint.path,
    connections,
    pipelining: 1,
    timeout: 30,
    method: endpoint.method ?? 'GET',
    headers: endpoint.headers,
    body: endpoint.body,
    // One request template whose path moves on at every request, across all connections.
    ...(paths && paths.length > 1 ? { requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: paths[next++ % paths.length]! }) }] } : {}),
  };
}

/** Load whose figures are thrown away: JIT, connection pools and caches settle first. */
export async function warmUp(origin: string, endpoint: Endpoint, settings: LoadSettings): Promise<void> {
  await autocannon({ ...optionsFor(origin, endpoint, settings.connections), duration: settings.warmupSec });
}

/** Loads `origin + endpoint.path` (or its `paths` in turn) with autocannon: keep-alive connections, one request in flight on each. */
export async function measure(origin: string, endpoint: Endpoint, settings: LoadSettings): Promise<LoadResult> {
  const result = await autocannon({ ...optionsFor(origin, endpoint, settings.connections), duration: settings.durationSec });
  const ok = result['2xx'];
  return {
    requests_per_sec: round(ok / result.duration, 0),
    latency_p50_ms: round(result.latency.p50, 2),
    latency_p99_ms: round(result.latency.p99, 2),
    latency_avg_ms: round(result.latency.average, 2),
    requests: ok,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    duration_s: round(result.duration, 2),
  };
}
