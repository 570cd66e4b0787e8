import { config } from '#shared/config/env.ts';

/**
 * CloudWatch metrics as lines in the Embedded Metric Format (EMF): CloudWatch Logs turns each line into data
 * points, so recording costs no API call. Each line carries one metric with its own dimensions plus `service`, so
 * requests interleaved in one process never mix their dimensions. Without `METRICS_NAMESPACE` (locally, in tests)
 * nothing is written. The format is small enough to write here, which keeps a metrics library out of every bundle.
 */
function writeMetric(name: string, dimensions: Record<string, string>, value: number): void {
  const { metricsNamespace, serviceName } = config();
  if (!metricsNamespace) return;
  const withService = { service: serviceName, ...dimensions };
  const line = {
    _aws: {
      Timestamp: Date.now(),
      CloudWatchMetrics: [
        {
          Namespace: metricsNamespace,
          Dimensions: [Object.keys(withService)],
          Metrics: [{ Name: name, Unit: 'Count' }],
        },
      ],
    },
    ...withService,
    [name]: value,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Publishes one count at once with its own dimensions (plus `service`). */
export function countMetric(name: string, dimensions: Record<string, string>, value = 1): void {
  writeMetric(name, dimensions, value);
}

/** Publishes one measurement (a gauge such as a lag) at once with its own dimensions (plus `service`). */
export function gaugeMetric(name: string, dimensions: Record<string, string>, value: number): void {
  writeMetric(name, dimensions, value);
}
