import { describe, expect, it } from 'vitest';
import { byOwner, type DecidedCredit, lanesOf, packsOf } from '#shared/bank-credits/credit-packs.ts';

/** A decided credit as packing reads it: its owner (or suspense), booking time and id. */
const decided = (n: number, customer: string | null, organization = 'org-1'): DecidedCredit =>
  ({
    credit: { bookingId: `b${String(n).padStart(5, '0')}`, bookedAt: '2026-11-27T00:00:00.000Z' },
    decision: customer
      ? { kind: 'credit', organization: { organizationId: organization }, customer: { customerId: customer } }
      : { kind: 'suspense' },
  }) as unknown as DecidedCredit;

/** Items a pack writes: 4 per credited booking, 1 per suspended one, a balance per customer, a fee per organization. */
const itemsOf = (pack: DecidedCredit[]) => {
  const credited = pack.filter((c) => c.decision.kind === 'credit');
  const owners = new Set(credited.map((c) => (c.decision.kind === 'credit' ? c.decision.customer.customerId : '')));
  const organizations = new Set(
    credited.map((c) => (c.decision.kind === 'credit' ? c.decision.organization.organizationId : '')),
  );
  return credited.length * 4 + (pack.length - credited.length) + owners.size + organizations.size;
};

describe('credit packs', () => {
  it('hold at most 100 items each and every credit once', () => {
    const credits = Array.from({ length: 1000 }, (_, n) =>
      decided(n, n % 7 === 0 ? null : `c${n % 13}`, `org-${n % 3}`),
    );

    const packs = packsOf(byOwner(credits));

    expect(Math.max(...packs.map(itemsOf))).toBeLessThanOrEqual(100);
    expect(
      packs
        .flat()
        .map((c) => c.credit.bookingId)
        .sort(),
    ).toEqual(credits.map((c) => c.credit.bookingId).sort());
    expect(packs.length).toBeLessThan(80);
  });

  it('are written in lanes that share no customer', () => {
    const credits = Array.from({ length: 400 }, (_, n) => decided(n, `c${n % 10}`));

    const lanes = lanesOf(byOwner(credits), 4);

    const customersOf = (lane: DecidedCredit[]) =>
      new Set(lane.map((c) => (c.decision.kind === 'credit' ? c.decision.customer.customerId : '')));
    const seen = lanes.flatMap((lane) => [...customersOf(lane)]);
    expect(lanes.length).toBe(4);
    expect(new Set(seen).size).toBe(seen.length);
    expect(lanes.flat()).toHaveLength(400);
  });
});
