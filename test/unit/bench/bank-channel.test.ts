import { describe, expect, it } from 'vitest';
import { channelStage, channelUsage, secretCallsPerRun } from '#test/bench/bank-channel-report.ts';
import { payoutCostRows } from '#test/bench/payout-cost-model.ts';
import { costPerMillion, NO_USAGE, type Usage } from '#test/bench/prices.ts';

const usage = (overrides: Partial<Usage>): Usage => ({ ...NO_USAGE, ...overrides });

/** What the bench measured of the mover's runs, as test/bench/bank-channel.ts hands it over. */
const measured = (upload: Partial<Usage>, download: Partial<Usage>, inboxWrites: number, payouts: number) =>
  ({ payouts, usage: { upload: usage(upload), download: usage(download), idle: NO_USAGE, inboxWrites } }) as never;

describe("the SFTP channel's row of the cost table", () => {
  it('prices Secrets Manager calls and the bytes sent to the bank', () => {
    // $0.05 per 10,000 calls; $0.09 per GB out to the internet.
    expect(costPerMillion(usage({ secretsManagerCalls: 1 }))).toBeCloseTo(5, 10);
    expect(costPerMillion(usage({ internetBytesOut: 1024 ** 3 }))).toBeCloseTo(90_000, 6);
  });

  it("counts the mover's runs without their writes into the inbox, which the report stage prices", () => {
    const both = channelUsage(
      measured(
        { lambdaInvocations: 2, s3PutCopyListRequests: 2, s3GetRequests: 3, writeUnits: 6, internetBytesOut: 900 },
        { lambdaInvocations: 1, s3PutCopyListRequests: 7, readUnits: 4, secretsManagerCalls: 3 },
        6,
        3,
      ),
      3,
    );
    expect({ ...both, secretsManagerCalls: Number(both.secretsManagerCalls.toFixed(10)) }).toEqual(
      usage({
        lambdaInvocations: 3,
        s3PutCopyListRequests: 3,
        s3GetRequests: 3,
        writeUnits: 6,
        readUnits: 4,
        internetBytesOut: 900,
        // Three secrets read once in five runs a minute apart (kept 5 minutes): 0.6 a run, whatever this process did.
        secretsManagerCalls: 1.8,
      }),
    );
    expect(secretCallsPerRun(3)).toBeCloseTo(0.6, 10);
  });

  it('is a stage between the file and the report; the total stays per payout of a full file', () => {
    const file = { usage: usage({ writeUnits: 99 }), payouts: 99 };
    const stage = channelStage(
      measured({ lambdaInvocations: 1 }, { lambdaInvocations: 1 }, 2, 1),
      measured({ lambdaInvocations: 20 }, { lambdaInvocations: 1 }, 202, 10_000),
      3,
    );
    const rows = payoutCostRows([{ name: 'file', single: { ...file, payouts: 1 }, batched: file }, stage]);
    expect(rows.map((row) => [row.name, row.payouts])).toEqual([
      ['file', 1],
      ['file', 99],
      ['channel (SFTP mover, PGP)', 1],
      ['channel (SFTP mover, PGP)', 10_000],
      ['total', 1],
      ['total', 99],
    ]);
    expect(rows.at(-1)?.usage.lambdaInvocations).toBeCloseTo(21 / 10_000, 12);
    expect(rows.at(-1)?.usage.writeUnits).toBeCloseTo(1, 12);
  });
});
