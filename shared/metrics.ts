import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from '#shared/config/env.ts';

/**
 * CloudWatch metrics as EMF lines through Powertools for AWS Lambda's Metrics: CloudWatch Logs turns each line
 * into data points, so recording costs no API call. Without `METRICS_NAMESPACE` (locally, in tests) nothing is
 * written.
 */
let instance: Metrics | null | undefined;

function metrics(): Metrics | null {
  if (instance === undefined) {
    const { metricsNamespace, serviceName } = config();
    instance = metricsNamespace ? new Metrics({ namespace: metricsNamespace, serviceName }) : null;
  }
  return instance;
}

/**
 * Publishes one count at once with its own dimensions (plus `service`). A single-metric line shares no state
 * with other requests, so interleaved requests in one process cannot mix their dimensions.
 */
export function countMetric(name: string, dimensions: Record<string, string>, value = 1): void {
  const base = metrics();
  if (!base) return;
  const single = base.singleMetric();
  for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
  single.addMetric(name, MetricUnit.Count, value);
}

/** Publishes one measurement (a gauge such as a lag) at once with its own dimensions (plus `service`). */
export function gaugeMetric(name: string, dimensions: Record<string, string>, value: number): void {
  const base = metrics();
  if (!base) return;
  const single = base.singleMetric();
  for (const [key, dimension] of Object.entries(dimensions)) single.addDimension(key, dimension);
  single.addMetric(name, MetricUnit.Count, value);
}
