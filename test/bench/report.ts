/**
 * The benchmark's report (test/bench/run.ts): what it measured, the markdown tables printed from it, and the
 * generated results document (docs/bench/results.md) the READMEs link to instead of holding figures.
 */
import type { CpuPerRequest } from '#test/bench/cpu.ts';
import { type Measurement, median } from '#test/bench/load.ts';
import { costPerMillion, PRICES, type Usage } from '#test/bench/prices.ts';
import type { StartupResult } from '#test/bench/startup.ts';

/** One of the runs of an operation: the service, its floor and the floor served over HTTP, one right after another. */
export type ScenarioRun = {
  service: Measurement;
  floor: Measurement;
  /** The floor's calls behind a bare HTTP server (test/bench/http-floor-server.ts): the hop alone. */
  httpFloor: Measurement;
  ratio: number;
  /** Where /proc is (test/bench/cpu.ts). */
  cpu?: { service: CpuPerRequest; floor: CpuPerRequest };
};

export type ScenarioResult = {
  name: string;
  operationId: string;
  /** The run of median ratio, and every run's ratio for the spread. */
  median: ScenarioRun;
  ratios: number[];
  /** Every run's floor over HTTP ÷ floor, and service ÷ floor over HTTP. */
  httpFloorRatios: number[];
  serviceOverHttpFloorRatios: number[];
  dynamodbCalls: number;
  calls: string;
  usage: Usage;
};

/** Get customer served in this process, with the rate-limit leases sent to the table and answered without it. */
export type RateLimitRun = { withLimits: Measurement; withoutLimits: Measurement; ratio: number };
export type RateLimitCost = { operation: string; median: RateLimitRun; ratios: number[]; leases: string };

export type Report = {
  date: string;
  mode: string;
  machine: string;
  settings: { seconds: number; connections: number; runs: number };
  startup: StartupResult | undefined;
  operations: ScenarioResult[];
  rateLimit: RateLimitCost | undefined;
  lists: { items: number; service: Measurement }[];
  overhead: { route: string; stackNs: number; bareNs: number; overheadNs: number }[];
  webhooks: { script: string; output: string | null };
  bundles: { script: string; output: string | null };
  sweepGas: { script: string; output: string | null };
  depositWebhook: { script: string; output: string | null };
  bankCredits?: { script: string; output: string | null };
  /** test/bench/payout-cost.ts: one payout end to end, and a thousand API reads. */
  bankChannel?: { script: string; output: string | null };
  payoutCost?: { script: string; output: string | null };
  /** test/bench/sanctions-screening.ts: screening against a full-size OFAC-like list. */
  sanctionsScreening?: { script: string; output: string | null };
};

const n = (value: number, digits = 0) => value.toFixed(digits);

/** The run whose ratio is the median, and the ratios of all. */
export function medianRun<R extends { ratio: number }>(runs: R[]): { median: R; ratios: number[] } {
  const sorted = [...runs].sort((a, b) => a.ratio - b.ratio);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no runs');
  return { median, ratios: runs.map((run) => run.ratio) };
}

const spread = (ratios: number[]) => `${n(Math.min(...ratios), 2)}–${n(Math.max(...ratios), 2)}`;

/** What one request cost each process, in the run of median ratio: the throughputs without the machine's noise. */
function cpuLines(report: Report): string[] {
  const rows = report.operations.flatMap(({ name, median }) => (median.cpu ? [{ name, ...median.cpu }] : []));
  if (!rows.length) return [];
  const total = (cpu: CpuPerRequest) => (cpu.apiThreadUs ?? 0) + cpu.benchUs + cpu.databaseUs;
  return [
    '| CPU µs per request (run of median ratio, test/bench/cpu.ts) | API thread | autocannon | DynamoDB Local | service in all | floor calls | DynamoDB Local | floor in all | floor ÷ service |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ name, service, floor }) =>
        `| ${name} | ${n(service.apiThreadUs ?? 0)} | ${n(service.benchUs)} | ${n(service.databaseUs)} | ${n(total(service))} | ` +
        `${n(floor.benchUs)} | ${n(floor.databaseUs)} | ${n(total(floor))} | ${n(total(floor) / total(service), 2)} |`,
    ),
    '',
  ];
}

function costLines(report: Report): string[] {
  return [
    `| cost per operation (${PRICES.region} list prices of ${PRICES.asOf}, test/bench/prices.ts) | read units | write units | Lambda invocations | Lambda GB-s | events | queue messages | USD per million |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.operations.map(
      (r) =>
        `| ${r.name} | ${n(r.usage.readUnits, 1)} | ${n(r.usage.writeUnits, 1)} | ${n(r.usage.lambdaInvocations)} | ` +
        `${n(r.usage.lambdaGbSeconds, 4)} | ${n(r.usage.events)} | ${n(r.usage.sqsRequests)} | ${n(costPerMillion(r.usage), 2)} |`,
    ),
    '',
  ];
}

export function markdown(report: Report): string {
  const { rateLimit } = report;
  const lines = [
    `Benchmark (${report.mode}: ${report.settings.seconds} s per measurement, ${report.settings.connections} connections, ${report.settings.runs} runs), ${report.date.slice(0, 10)}, ${report.machine}.`,
    '',
    '| operation | service req/s | p50 ms | p99 ms | floor ops/s | floor p50 ms | floor p99 ms | service ÷ floor (median) | spread over the runs | DynamoDB calls per request |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...report.operations.map(({ median: m, ...r }) => {
      const row = [m.service.rps, m.service.p50, m.service.p99, m.floor.rps, m.floor.p50, m.floor.p99];
      const cells = row.map((value, i) => n(value, i % 3 === 0 ? 0 : 1)).join(' | ');
      return `| ${r.name} | ${cells} | ${n(m.ratio, 2)} | ${spread(r.ratios)} | ${r.dynamodbCalls}: ${r.calls} |`;
    }),
    '',
    '| the HTTP hop alone (the floor served over HTTP, test/bench/http-floor-server.ts) | req/s | p50 ms | ÷ floor (median) | spread over the runs | service ÷ it (median) | spread over the runs |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...report.operations.map(({ name, median: m, httpFloorRatios: hop, serviceOverHttpFloorRatios: ofHop }) => {
      const measured = `${n(m.httpFloor.rps)} | ${n(m.httpFloor.p50, 1)}`;
      return `| ${name} | ${measured} | ${n(median(hop), 2)} | ${spread(hop)} | ${n(median(ofHop), 2)} | ${spread(ofHop)} |`;
    }),
    '',
    ...cpuLines(report),
    ...(rateLimit
      ? [
          '| rate limits (leased in chunks per instance, shared/http/rate-limits.ts) | req/s | p50 ms | p99 ms |',
          '| --- | ---: | ---: | ---: |',
          `| ${rateLimit.operation} in process, with the limits (${rateLimit.leases}) | ${n(rateLimit.median.withLimits.rps)} | ${n(rateLimit.median.withLimits.p50, 1)} | ${n(rateLimit.median.withLimits.p99, 1)} |`,
          `| ${rateLimit.operation} in process, leases answered without the table | ${n(rateLimit.median.withoutLimits.rps)} | ${n(rateLimit.median.withoutLimits.p50, 1)} | ${n(rateLimit.median.withoutLimits.p99, 1)} |`,
          `| with ÷ without (target at least 0.8): median ${n(rateLimit.median.ratio, 2)}, spread ${spread(rateLimit.ratios)} | | | |`,
          '',
        ]
      : []),
    ...costLines(report),
    ...(report.startup
      ? [
          '| start-up, empty data folder | npm start s | floor: DynamoDB Local alone s | npm start ÷ floor |',
          '| --- | ---: | ---: | ---: |',
          `| until it serves (target under 20 s) | ${n(report.startup.serviceSeconds, 1)} | ${n(report.startup.floorSeconds, 1)} | ${n(report.startup.ratio, 2)} |`,
          '',
        ]
      : []),
    ...(report.lists.length
      ? [
          '| list customers (first page), one connection | req/s | p50 ms | p99 ms |',
          '| --- | ---: | ---: | ---: |',
          ...report.lists.map(
            (l) =>
              `| ${l.items.toLocaleString('en')} customers in the partition | ${n(l.service.rps)} | ${n(l.service.p50, 1)} | ${n(l.service.p99, 1)} |`,
          ),
          '',
        ]
      : []),
    ...(report.overhead.length
      ? [
          '| HTTP stack on an in-memory store | with the stack ns/op | bare ns/op | stack overhead µs/request |',
          '| --- | ---: | ---: | ---: |',
          ...report.overhead.map(
            (o) => `| ${o.route} | ${n(o.stackNs)} | ${n(o.bareNs)} | ${n(o.overheadNs / 1000, 1)} |`,
          ),
        ]
      : []),
  ];
  const failures = report.operations.filter(
    ({ median: m }) => m.service.failed || m.floor.failed || m.httpFloor.failed,
  );
  if (failures.length) {
    lines.push(
      '',
      ...failures.map(
        ({ name, median: m }) =>
          `Note: ${name}: ${m.service.failed} failed requests, ${m.floor.failed} failed floor operations, ${m.httpFloor.failed} failed requests to the floor over HTTP.`,
      ),
    );
  }
  if (report.webhooks.output) lines.push('', '```', report.webhooks.output, '```');
  if (report.bundles.output) lines.push('', report.bundles.output);
  if (report.sweepGas.output) lines.push('', report.sweepGas.output);
  if (report.depositWebhook.output) lines.push('', report.depositWebhook.output);
  if (report.bankCredits?.output) lines.push('', report.bankCredits.output);
  if (report.bankChannel?.output) lines.push('', report.bankChannel.output);
  if (report.payoutCost?.output) lines.push('', report.payoutCost.output);
  if (report.sanctionsScreening?.output) lines.push('', report.sanctionsScreening.output);
  return lines.join('\n');
}

/** Where `npm run bench` writes its results: generated, never edited by hand. */
export const RESULTS_DOCUMENT = 'docs/bench/results.md';

/**
 * The results document: a header saying it is generated and by which command line, then the report's tables. The
 * method and the targets are the benchmark's decision record; the figures are this one run's, on this machine.
 */
export function resultsDocument(report: Report, command: string): string {
  return [
    '<!-- Generated by `npm run bench` (test/bench/run.ts). Do not edit by hand: run the bench again. -->',
    '',
    '# Benchmark results',
    '',
    `Written by \`${command}\` on ${report.date.slice(0, 10)}, ${report.machine}. How each figure is measured and the ` +
      'targets it is held to: [the benchmark against a floor](../decisions/0024-benchmark-against-a-floor.md). The ' +
      "figures move with the host's load; compare ratios, not throughputs.",
    '',
    markdown(report),
    '',
  ].join('\n');
}
