/**
 * The arithmetic of what one payout costs (test/bench/payout-cost.ts measures the inputs): each stage's run, its
 * usage shared out over the payouts it served, summed over the stages, priced per million payouts.
 */
import { addUsage, costPerMillion, NO_USAGE, PRICES, storagePerMonth, type Usage } from '#test/bench/prices.ts';

/** What one run of a stage used, and how many payouts it served (a file of 99 serves 99). */
export type StageRun = { usage: Usage; payouts: number };

/** A stage of the payout's path, measured for a file of one payout and for a full file. */
export type PayoutStage = { name: string; single: StageRun; batched: StageRun };

export type PayoutCostRow = { name: string; payouts: number; usage: Usage; usdPerMillion: number };

export const scaleUsage = (usage: Usage, factor: number): Usage => addUsage(NO_USAGE, usage, factor);

/** One payout's share of a run: the run's usage over the payouts it served. */
export function perPayout(run: StageRun): Usage {
  if (!Number.isInteger(run.payouts) || run.payouts < 1) throw new Error(`a run serves whole payouts: ${run.payouts}`);
  return scaleUsage(run.usage, 1 / run.payouts);
}

const row = (name: string, payouts: number, usage: Usage): PayoutCostRow => ({
  name,
  payouts,
  usage,
  usdPerMillion: costPerMillion(usage),
});

/**
 * Per stage and in total, one payout's usage and its USD per million payouts, in a file of one and a full one. The
 * total's payouts per run are the first stage's: a stage measured over more payouts (the SFTP channel's, over
 * thousands in full files) still adds its share per payout.
 */
export function payoutCostRows(stages: PayoutStage[]): PayoutCostRow[] {
  const rows: PayoutCostRow[] = [];
  const totals = { single: NO_USAGE, batched: NO_USAGE };
  for (const stage of stages) {
    const single = perPayout(stage.single);
    const batched = perPayout(stage.batched);
    totals.single = addUsage(totals.single, single);
    totals.batched = addUsage(totals.batched, batched);
    rows.push(row(stage.name, stage.single.payouts, single), row(stage.name, stage.batched.payouts, batched));
  }
  rows.push(row('total', 1, totals.single), row('total', stages[0]?.batched.payouts ?? 1, totals.batched));
  return rows;
}

/** USD for a thousand of an operation. */
export const usdPerThousand = (usage: Usage) => costPerMillion(usage) / 1000;

const n = (value: number, digits: number) => value.toFixed(digits);

/** The table `npm run bench` prints, and the lines under it. */
export function payoutCostMarkdown(input: {
  rows: PayoutCostRow[];
  endpoints: number;
  getCustomer: Usage;
  idleBatcherPerMonth: number;
  storedBytesPerPayout: number;
}): string {
  const { rows } = input;
  const s3 = (u: Usage) => `${n(u.s3PutCopyListRequests, 2)} + ${n(u.s3GetRequests, 2)}`;
  const total = (payouts: number) => rows.find((r) => r.name === 'total' && r.payouts === payouts);
  const single = total(1);
  const batched = rows.filter((r) => r.name === 'total').at(-1);
  return [
    `| one payout, end to end (${PRICES.region} list prices of ${PRICES.asOf}, per payout) | payouts per run | read units | write units | Lambda invocations | Lambda GB-s | events | queue requests | S3 PUT/COPY/LIST + GET | Secrets Manager calls | KiB to the internet | USD per million payouts |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map(
      ({ name, payouts, usage: u, usdPerMillion }) =>
        `| ${name === 'total' ? '**total**' : name} | ${payouts} | ${n(u.readUnits, 2)} | ${n(u.writeUnits, 2)} | ` +
        `${n(u.lambdaInvocations, 2)} | ${n(u.lambdaGbSeconds, 4)} | ${n(u.events, 2)} | ${n(u.sqsRequests, 2)} | ` +
        `${s3(u)} | ${n(u.secretsManagerCalls, 4)} | ${n(u.internetBytesOut / 1024, 2)} | ${n(usdPerMillion, 2)} |`,
    ),
    '',
    `One payout: $${n(single?.usdPerMillion ?? 0, 2)} per million alone in its file, ` +
      `$${n(batched?.usdPerMillion ?? 0, 2)} per million in a file of ${batched?.payouts ?? 0} ` +
      `(webhooks to ${input.endpoints} endpoints). A thousand API reads (get customer): ` +
      `$${n(usdPerThousand(input.getCustomer), 4)}. Besides: the batcher's idle runs every minute ` +
      `$${n(input.idleBatcherPerMonth, 2)} a month; the files and reports kept ` +
      `(${n(input.storedBytesPerPayout / 1024, 1)} KiB a payout in a full file) ` +
      `$${n(storagePerMonth(input.storedBytesPerPayout) * 1e6, 2)} a month per million payouts kept.`,
  ].join('\n');
}
