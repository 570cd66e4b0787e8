import { describe, expect, it } from 'vitest';
import { parseOfacSdn } from '#shared/screening/lists/ofac-sdn.ts';
import { ScreeningIndex } from '#shared/screening/screening-index.ts';
import { asOfacCsv, generateEntries, labelledNames, scoreLabelled } from '#test/bench/sanctions-data.ts';

/** The bench's labelled names on a smaller generated list: the matcher keeps the goals it was tuned to. */
describe('screening generated names against a generated OFAC-like list', () => {
  const entries = generateEntries(3_000);
  const index = new ScreeningIndex([parseOfacSdn(asOfacCsv(entries))]);

  it('finds at least 99 % of listed names written another way and flags at most 0.5 % of other names', () => {
    const result = scoreLabelled(labelledNames(entries, 600, 600), (name) => index.screenName(name));
    expect(result.recall).toBeGreaterThanOrEqual(0.99);
    expect(result.falsePositiveRate).toBeLessThanOrEqual(0.005);
  });

  it('reads the generated CSV set as OFAC writes it, aliases included', () => {
    expect(index.size.entries).toBe(3_000);
    expect(index.size.names).toBeGreaterThan(3_000);
  });
});
