import { log } from '#shared/log.ts';
import { countMetric } from '#shared/metrics.ts';

/**
 * Runs the units of a scheduled run (a payment file to rewrite, a batch to file, a report to apply) so that one that
 * fails holds up none after it: its failure is logged (and counted in `metric`, which is alarmed), the run goes on,
 * and `rethrow` then throws what failed, so the invocation is reported as failed too.
 */
export function isolation(metric?: string) {
  const failures: unknown[] = [];
  return {
    async run(what: string, where: Record<string, unknown>, work: () => Promise<void>) {
      try {
        await work();
      } catch (error) {
        failures.push(error);
        log.error(what, { ...where, error: error instanceof Error ? error.message : String(error) });
        if (metric) countMetric(metric, {}, 1);
      }
    },
    rethrow() {
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, failures.map(String).join('; '));
    },
  };
}
