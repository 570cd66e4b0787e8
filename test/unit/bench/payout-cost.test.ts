import { describe, expect, it } from 'vitest';
import { payoutCostMarkdown, payoutCostRows, perPayout, usdPerThousand } from '#test/bench/payout-cost-model.ts';
import { costPerMillion, NO_USAGE, storagePerMonth, type Usage } from '#test/bench/prices.ts';

const usage = (overrides: Partial<Usage>): Usage => ({ ...NO_USAGE, ...overrides });

describe('what a payout costs: the arithmetic', () => {
  it('prices each unit at its us-east-1 list price, per million', () => {
    // 4 × 0.125 + 10 × 0.625 + 1 × 0.2 + 1 × 1.0 + 2 × 1.0 + 6 × 0.4 + 3 × 5.0 + 2 × 0.4 + 0.5 × 16.6667
    const all = usage({
      readUnits: 4,
      writeUnits: 10,
      lambdaInvocations: 1,
      httpApiRequests: 1,
      events: 2,
      sqsRequests: 6,
      s3PutCopyListRequests: 3,
      s3GetRequests: 2,
      lambdaGbSeconds: 0.5,
    });
    expect(costPerMillion(all)).toBeCloseTo(0.5 + 6.25 + 0.2 + 1 + 2 + 2.4 + 15 + 0.8 + 8.33335, 4);
    expect(costPerMillion(NO_USAGE)).toBe(0);
  });

  it('shares a run out over the payouts it served', () => {
    const run = { usage: usage({ writeUnits: 99, lambdaInvocations: 1, s3PutCopyListRequests: 1 }), payouts: 99 };
    expect(perPayout(run)).toEqual(usage({ writeUnits: 1, lambdaInvocations: 1 / 99, s3PutCopyListRequests: 1 / 99 }));
    expect(() => perPayout({ usage: NO_USAGE, payouts: 0 })).toThrow(/whole payouts/);
  });

  it('sums the stages per payout, alone in a file and in a full one, and the full file costs less per payout', () => {
    const rows = payoutCostRows([
      {
        name: 'create',
        single: { usage: usage({ writeUnits: 24, lambdaInvocations: 1, httpApiRequests: 1 }), payouts: 1 },
        batched: { usage: usage({ writeUnits: 240, lambdaInvocations: 10, httpApiRequests: 10 }), payouts: 10 },
      },
      {
        name: 'file',
        single: { usage: usage({ writeUnits: 30, lambdaInvocations: 1, s3PutCopyListRequests: 1 }), payouts: 1 },
        batched: { usage: usage({ writeUnits: 50, lambdaInvocations: 1, s3PutCopyListRequests: 1 }), payouts: 10 },
      },
    ]);
    expect(rows.map((r) => [r.name, r.payouts])).toEqual([
      ['create', 1],
      ['create', 10],
      ['file', 1],
      ['file', 10],
      ['total', 1],
      ['total', 10],
    ]);
    const [, , , , single, batched] = rows;
    expect(single?.usage).toEqual(
      usage({ writeUnits: 54, lambdaInvocations: 2, httpApiRequests: 1, s3PutCopyListRequests: 1 }),
    );
    expect(batched?.usage.writeUnits).toBeCloseTo(29, 10);
    expect(batched?.usage.lambdaInvocations).toBeCloseTo(1.1, 10);
    // 54 × 0.625 + 2 × 0.2 + 1 × 1.0 + 1 × 5.0; and 29 × 0.625 + 1.1 × 0.2 + 1.0 + 0.1 × 5.0
    expect(single?.usdPerMillion).toBeCloseTo(40.15, 10);
    expect(batched?.usdPerMillion).toBeCloseTo(19.845, 10);
  });

  it('prices a thousand reads and a month of storage, and prints both totals', () => {
    const getCustomer = usage({ readUnits: 3, lambdaInvocations: 1, httpApiRequests: 1, lambdaGbSeconds: 0.05 });
    // (3 × 0.125 + 0.2 + 1.0 + 0.05 × 16.6667) / 1000
    expect(usdPerThousand(getCustomer)).toBeCloseTo(0.002408, 6);
    expect(storagePerMonth(1024 ** 3)).toBeCloseTo(0.023, 10);
    const rows = payoutCostRows([
      {
        name: 'create',
        single: { usage: usage({ writeUnits: 16 }), payouts: 1 },
        batched: { usage: usage({ writeUnits: 16 }), payouts: 2 },
      },
    ]);
    const text = payoutCostMarkdown({
      rows,
      endpoints: 2,
      getCustomer,
      idleBatcherPerMonth: 0.5,
      storedBytesPerPayout: 2048,
    });
    expect(text).toContain('$10.00 per million alone in its file, $5.00 per million in a file of 2');
    expect(text).toContain('A thousand API reads (get customer): $0.0024');
    expect(text).toContain('| **total** | 2 | 0.00 | 8.00 |');
  });
});
