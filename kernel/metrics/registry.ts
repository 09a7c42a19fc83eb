import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from '../logger.ts';
import { ScrapedGauge, type MetricSample } from './scraped-gauge.ts';
import { processMetrics } from './process-metrics.ts';
import { httpMetrics } from './http-metrics.ts';
import type { RequestEndListener } from '../http/request-log.ts';

/** How long a scrape waits for one reading (a count in the database) before leaving its gauges out. */
export const READING_TIMEOUT_MS = 2000;

/**
 * A reading still unanswered after this long is given up (a connection whose packets are lost answers
 * nothing until TCP gives up, hours later): the next scrape starts a fresh one instead of waiting on it.
 */
const READING_ABANDONED_MS = 30_000;

/** A metric definition as the kernel and plugins give it: a Prometheus name, its help text, its labels. */
export interface MetricDefinition {
  name: string;
  help: string;
  labelNames?: readonly string[];
}

interface Reading {
  name: string;
  /** Who registered it, named in the log when it fails. */
  owner: string;
  gauges: ScrapedGauge[];
  /** Reads the values and shows them on the gauges; throws when it cannot. */
  read: () => Promise<void>;
  /** Readings of a plugin that is off are skipped. */
  isActive: () => boolean;
  inFlight?: { done: Promise<void>; since: number };
  failing: boolean;
}

/**
 * The metrics of one kernel, in a registry of its own (tests run many kernels in one process; the
 * global registry would mix them). Counters and histograms are updated as things happen in this
 * process; gauges of shared state (the outbox, the jobs table, plugins' tables) are read from the
 * database when a scrape comes, so every instance sharing the database reports the same numbers.
 *
 * A reading that fails or takes longer than READING_TIMEOUT_MS (the database is down) leaves its gauges
 * out of that scrape and sets `storekeep_metrics_reading_success{reading}` to 0; the rest of the
 * scrape is still answered. A scrape that finds the last reading still running waits for that one
 * instead of starting another, so a slow database gets one query per reading at a time, not one per
 * scrape.
 */
export class KernelMetrics {
  readonly registry = new Registry();
  private readonly readings: Reading[] = [];
  private readonly readingSuccess: Gauge<'reading'>;
  /** Counts each request as it ends (the app's request log and the cached-hit path call it). */
  readonly requestEnded: RequestEndListener;

  constructor(private readonly logger: Logger) {
    this.readingSuccess = new Gauge({
      name: 'storekeep_metrics_reading_success',
      help: 'Whether the reading behind some gauges (a count in the database) succeeded in this scrape: 1 yes, 0 no (its gauges are left out).',
      labelNames: ['reading'],
      registers: [this.registry],
    });
    this.requestEnded = httpMetrics(this);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** A counter; `collect`, when given, brings it up to date at scrape time (a total kept elsewhere). */
  counter<L extends string>(definition: MetricDefinition & { labelNames?: readonly L[]; collect?: (counter: Counter<L>) => void }): Counter<L> {
    const { collect, ...rest } = definition;
    return new Counter<L>({
      ...rest,
      labelNames: [...(rest.labelNames ?? [])],
      registers: [this.registry],
      ...(collect ? { collect() { collect(this); } } : {}),
    });
  }

  /** A counter of a total kept elsewhere (`total()`): at scrape time it goes up by what was added since the last one. */
  counterOfTotal(definition: MetricDefinition, total: () => number): Counter {
    let shown = 0;
    return this.counter({
      ...definition,
      collect(counter) {
        const now = total();
        if (now > shown) counter.inc(now - shown);
        shown = now;
      },
    });
  }

  histogram<L extends string>(definition: MetricDefinition & { labelNames?: readonly L[]; buckets: number[] }): Histogram<L> {
    return new Histogram({ ...definition, labelNames: [...(definition.labelNames ?? [])], registers: [this.registry] });
  }

  /** A gauge read in-process at scrape time (pool use, cache size): `collect` sets its values. */
  gauge<L extends string>(definition: MetricDefinition & { labelNames?: readonly L[]; collect: (gauge: Gauge<L>) => void }): Gauge<L> {
    const { collect, ...rest } = definition;
    return new Gauge<L>({
      ...rest,
      labelNames: [...(rest.labelNames ?? [])],
      registers: [this.registry],
      collect() {
        collect(this);
      },
    });
  }

  /**
   * Gauges read together at scrape time by one `read` (one query for several numbers): `read` returns
   * each gauge's samples under the gauge's key.
   */
  reading<K extends string>(
    name: string,
    definitions: Record<K, MetricDefinition>,
    read: () => Promise<Record<K, MetricSample[]>>,
    opts: { owner?: string; isActive?: () => boolean } = {},
  ): void {
    if (this.readings.some((r) => r.name === name)) throw new Error(`A metrics reading named "${name}" is already registered.`);
    const keys = Object.keys(definitions) as K[];
    const gauges = Object.fromEntries(keys.map((key) => [key, new ScrapedGauge(definitions[key], this.registry)])) as Record<K, ScrapedGauge>;
    this.readings.push({
      name,
      owner: opts.owner ?? 'kernel',
      gauges: Object.values(gauges),
      isActive: opts.isActive ?? (() => true),
      failing: false,
      read: async () => {
        const samples = await read();
        for (const key of keys) gauges[key].show(samples[key] ?? []);
      },
    });
  }

  /** The Prometheus text of this store's metrics and the process's. */
  async render(): Promise<string> {
    await Promise.all(this.readings.map((reading) => this.refresh(reading)));
    const [storeText, processText] = await Promise.all([this.registry.metrics(), processMetrics().metrics()]);
    return storeText + processText;
  }

  private async refresh(reading: Reading): Promise<void> {
    if (!reading.isActive()) {
      for (const gauge of reading.gauges) gauge.show(undefined);
      this.readingSuccess.remove({ reading: reading.name });
      return;
    }
    if (!reading.inFlight || performance.now() - reading.inFlight.since > READING_ABANDONED_MS) {
      const current: { done: Promise<void>; since: number } = { since: performance.now(), done: Promise.resolve() };
      current.done = reading.read().finally(() => {
        if (reading.inFlight === current) reading.inFlight = undefined;
      });
      reading.inFlight = current;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`The reading took longer than ${READING_TIMEOUT_MS} ms.`)), READING_TIMEOUT_MS);
      timer.unref?.();
    });
    try {
      await Promise.race([reading.inFlight.done, timeout]);
      this.readingSuccess.set({ reading: reading.name }, 1);
      if (reading.failing) this.logger.info({ reading: reading.name, plugin: reading.owner }, 'metrics reading succeeds again');
      reading.failing = false;
    } catch (err) {
      for (const gauge of reading.gauges) gauge.show(undefined);
      this.readingSuccess.set({ reading: reading.name }, 0);
      // Said once when it starts failing (an outage fails every scrape), not on every scrape.
      if (!reading.failing) this.logger.warn({ err, reading: reading.name, plugin: reading.owner }, 'metrics reading failed; its gauges are left out until it succeeds');
      reading.failing = true;
    } finally {
      clearTimeout(timer);
    }
  }
}
