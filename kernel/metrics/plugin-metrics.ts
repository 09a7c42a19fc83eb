import type { KernelMetrics, MetricDefinition } from './registry.ts';
import type { MetricSample } from './scraped-gauge.ts';

export type { MetricSample, MetricDefinition };

/** A gauge a plugin reads when a scrape comes: `collect` returns its values (labels as it names them). */
export interface PluginGaugeDefinition extends MetricDefinition {
  collect(): Promise<MetricSample[]> | MetricSample[];
}

/** A counter of something that happens in this process: `inc(labels?, by = 1)`. */
export interface PluginCounter {
  inc(labels?: Record<string, string>, by?: number): void;
}

/**
 * `ctx.metrics`: a plugin adds its own metrics to GET /metrics. Names start with `storekeep_` and say
 * what they count (`storekeep_webhook_deliveries`); labels take few values (a status, never an id).
 * Prefer gauges read at scrape time from your tables: every instance sharing the database then reports
 * the same, right numbers. A gauge whose `collect` throws or takes longer than 2 s is left out of that
 * scrape (and logged once, naming the plugin); the rest of the scrape is still answered. A plugin that
 * is off reports nothing.
 */
export interface PluginMetrics {
  gauge(definition: PluginGaugeDefinition): void;
  counter(definition: MetricDefinition): PluginCounter;
}

const NAME = /^storekeep_[a-z0-9_]*[a-z0-9]$/;

/** The metrics API a plugin's context holds: its metrics carry its name in errors and logs. */
export function pluginMetrics(metrics: KernelMetrics, plugin: string, isActive: () => boolean): PluginMetrics {
  const checked = (definition: MetricDefinition): MetricDefinition => {
    if (!NAME.test(definition.name)) throw new Error(`Plugin "${plugin}": metric name "${definition.name}" must start with storekeep_ and hold only lower-case letters, digits and _.`);
    return definition;
  };
  const named = <T>(name: string, make: () => T): T => {
    try {
      return make();
    } catch (err) {
      throw new Error(`Plugin "${plugin}" cannot add metric "${name}": ${(err as Error).message}`, { cause: err });
    }
  };
  return Object.freeze({
    gauge(definition: PluginGaugeDefinition) {
      const { collect, ...gauge } = checked(definition) as PluginGaugeDefinition;
      named(gauge.name, () => metrics.reading(gauge.name, { gauge }, async () => ({ gauge: await collect() }), { owner: plugin, isActive }));
    },
    counter(definition: MetricDefinition): PluginCounter {
      const counter = named(definition.name, () => metrics.counter(checked(definition)));
      return { inc: (labels = {}, by = 1) => counter.inc(labels, by) };
    },
  });
}
