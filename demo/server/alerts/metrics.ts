// What alert rules measure: the platform's own figures over a time window, reduced to the one
// integer a rule compares. Latency without any turn is "no data"; a count of zero is a value.

import type { PlatformModel } from '../model/platform-model';
import type { WindowMetrics } from '../model/types';
import type { Metric } from './model';

/** The shared platform model, or a stand-in in unit tests. */
export type MetricsSource = Pick<PlatformModel, 'metricsInWindow'>;

/** Nearest-rank percentile, rounded to whole milliseconds; `null` for an empty list. */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return Math.round(sorted[rank - 1] ?? 0);
}

export function metricValue(metric: Metric, metrics: WindowMetrics): number | null {
  switch (metric) {
    case 'turn_latency_p50':
      return percentile(metrics.turnLatenciesMs, 0.5);
    case 'turn_latency_p95':
      return percentile(metrics.turnLatenciesMs, 0.95);
    case 'api_errors':
      return metrics.apiErrors;
    case 'function_errors':
      return metrics.functionErrors;
    case 'call_crashes':
      return metrics.callCrashes;
    case 'call_volume':
      return metrics.callVolume;
  }
}
