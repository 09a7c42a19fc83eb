import { Gauge, type Registry } from 'prom-client';

/** One value of a gauge: its labels (as the gauge names them) and the number. */
export interface MetricSample {
  labels?: Record<string, string>;
  value: number;
}

/**
 * A gauge whose values are read at scrape time (a count in the database), by a reading that runs
 * before the registry is rendered (KernelMetrics.render). While its reading fails the gauge shows no
 * value at all: a plain gauge without labels would show 0, which says "no backlog" during an outage.
 */
export class ScrapedGauge extends Gauge<string> {
  private samples: readonly MetricSample[] | undefined;

  constructor(definition: { name: string; help: string; labelNames?: readonly string[] }, registry: Registry) {
    super({ name: definition.name, help: definition.help, labelNames: [...(definition.labelNames ?? [])], registers: [registry] });
  }

  /** The values of the latest reading, or undefined when it failed. */
  show(samples: readonly MetricSample[] | undefined): void {
    this.samples = samples;
  }

  override async get() {
    // Synchronous up to the return: a concurrent scrape cannot interleave between reset and read.
    this.reset();
    for (const sample of this.samples ?? []) this.set(sample.labels ?? {}, sample.value);
    const current = await super.get();
    return this.samples ? current : { ...current, values: [] };
  }
}
