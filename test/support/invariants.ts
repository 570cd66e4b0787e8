import { expect } from 'vitest';
import type { Item } from '#test/support/db/own-table.ts';

/**
 * Invariants of the stored data, checked on a snapshot of a whole table after concurrent scenarios: whatever
 * order the racing requests were served in, the items must still add up. Each check reads the items the way
 * they are stored, independently of the code that wrote them.
 */

type Envelope = { event_type: string; org_id: string; created_at: string; data: Record<string, unknown> };

const byEntity = (snapshot: Item[], entity: string) => snapshot.filter((item) => item.entity === entity);
const eventsOf = (snapshot: Item[]) => byEntity(snapshot, 'EVENT').map((item) => item.envelope as Envelope);

const count = <T>(values: T[], predicate: (value: T) => boolean) => values.filter(predicate).length;

/**
 * Every customer has one deposit reference and one creation event; an approved or rejected customer's last change
 * is the verdict whose event carries the same time.
 */
export function assertCustomerInvariants(snapshot: Item[]) {
  const events = eventsOf(snapshot);
  for (const customer of byEntity(snapshot, 'CUSTOMER')) {
    const id = customer.customerId;
    const what = `customer ${String(id)}`;
    const own = events.filter((event) => event.data.customer_id === id && event.event_type.startsWith('customer.'));
    expect(
      count(own, (e) => e.event_type === 'customer.created'),
      what,
    ).toBe(1);
    const refs = byEntity(snapshot, 'DEPOSITREF').filter((ref) => ref.customerId === id);
    expect(
      refs.map((ref) => ref.pk),
      what,
    ).toEqual([`DEPOSITREF#${String(customer.depositReference)}`]);
    const verdict = { APPROVED: 'customer.kyc.approved', REJECTED: 'customer.kyc.rejected' }[
      String(customer.kycStatus)
    ];
    if (verdict) {
      const last = own.filter((e) => e.created_at === customer.updatedAt).map((e) => e.event_type);
      expect(last, what).toEqual([verdict]);
    }
  }
}

const accountOf = (bank: Item) =>
  bank.currency === 'EUR'
    ? `EUR|${String(bank.iban)}`
    : `USD|${String(bank.routingNumber)}|${String(bank.accountNumber)}`;

/**
 * Banks: one pointer each; an account-details item exactly while the bank is not REJECTED, so no customer holds two
 * live banks for one account; one wallet per chain, enabled exactly while ACTIVE, each with its address lookup; one
 * event per change of status; and no derivation index or address ever handed out twice.
 */
export function assertBankInvariants(snapshot: Item[], chains: number) {
  const events = eventsOf(snapshot);
  const banks = byEntity(snapshot, 'BANK');
  const wallets = byEntity(snapshot, 'WALLET');
  const details = byEntity(snapshot, 'BANKDETAILS');
  const lookups = byEntity(snapshot, 'ADDRESS');
  for (const bank of banks) {
    const id = bank.bankId;
    const what = `bank ${String(id)} (${String(bank.status)})`;
    const live = bank.status !== 'REJECTED';
    expect(
      count(byEntity(snapshot, 'BANKID'), (p) => p.bankId === id && p.customerId === bank.customerId),
      what,
    ).toBe(1);
    expect(
      count(details, (d) => d.bankId === id),
      what,
    ).toBe(live ? 1 : 0);
    const own = wallets.filter((wallet) => wallet.withdrawalBankId === id);
    expect(own, what).toHaveLength(chains);
    for (const wallet of own) {
      expect(wallet.enabled, what).toBe(bank.status === 'ACTIVE');
      expect(
        count(lookups, (l) => l.walletId === wallet.walletId && l.address === wallet.address),
        what,
      ).toBe(1);
    }
    const mine = events.filter((e) => e.data.withdrawal_bank_id === id).map((e) => e.event_type);
    expect(
      count(mine, (t) => t === 'withdrawal_bank.created'),
      what,
    ).toBe(1);
    expect(
      count(mine, (t) => t === 'withdrawal_bank.approved'),
      what,
    ).toBe(bank.status === 'ACTIVE' && bank.recipientType !== 'CUSTOMER' ? 1 : 0);
    expect(
      count(mine, (t) => t === 'withdrawal_bank.rejected'),
      what,
    ).toBe(bank.status === 'REJECTED' ? 1 : 0);
  }
  expect(details.filter((d) => !banks.some((b) => b.bankId === d.bankId && b.status !== 'REJECTED'))).toEqual([]);
  const liveAccounts = banks
    .filter((bank) => bank.status !== 'REJECTED')
    .map((bank) => `${String(bank.customerId)}|${accountOf(bank)}`);
  expect(new Set(liveAccounts).size, 'a customer holds two live banks for one account').toBe(liveAccounts.length);
  // Forwarder wallets (custody) have no derivation index: only the xpub's addresses draw one.
  const indexes = wallets
    .filter((w) => w.kind === 'BANK_DEPOSIT' && w.derivationIndex !== null && w.derivationIndex !== undefined)
    .map((w) => w.derivationIndex);
  expect(new Set(indexes).size, 'a derivation index was handed out twice').toBe(indexes.length);
  const addresses = wallets.map((w) => String(w.address).toLowerCase());
  expect(new Set(addresses).size, 'an address was handed out twice').toBe(addresses.length);
}
