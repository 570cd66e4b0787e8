import { describe, expect, it } from 'vitest';
import { EVENT_KEY_PREFIX, keys } from '#shared/db/keys.ts';

const ORG = '0b5c9a7e-3f2d-4c1a-9b8e-7d6f5e4c3b2a';
const OTHER_ORG = '9f8e7d6c-5b4a-4392-8817-263544536271';
const CUSTOMER = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const CREATED_AT = '2026-11-21T10:00:00.000Z';

describe('keys', () => {
  it('addresses an organization by its id', () => {
    // prepare / act
    const key = keys.organization(ORG);

    // assess
    expect(key).toEqual({ pk: `ORG#${ORG}`, sk: 'ORG' });
  });

  it('addresses an API key by the hash of the key, never the key itself', () => {
    const hash = 'a'.repeat(64);

    const key = keys.apiKeyByHash(hash);

    expect(key).toEqual({ pk: `APIKEY#${hash}`, sk: 'APIKEY' });
  });

  it('addresses an API key by its id for revocation', () => {
    expect(keys.apiKeyById('key-1')).toEqual({ pk: 'APIKEYID#key-1', sk: 'APIKEYID' });
  });

  it("lists an organization's API keys under one gsi1 partition ordered by creation time", () => {
    const entry = keys.apiKeyListEntry(ORG, CREATED_AT, 'key-1');

    expect(entry).toEqual({ gsi1pk: `ORG#${ORG}#APIKEYS`, gsi1sk: `${CREATED_AT}#key-1` });
    expect(keys.apiKeysOfOrganization(ORG)).toEqual({ gsi1pk: entry.gsi1pk });
  });

  it('puts a customer under a partition key that starts with its organization id', () => {
    const key = keys.customer(ORG, CUSTOMER);

    expect(key).toEqual({ pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}`, sk: 'CUSTOMER' });
    expect(key.pk.startsWith(`ORG#${ORG}#`)).toBe(true);
  });

  it('gives the same customer id a different key under another organization (tenant isolation)', () => {
    const mine = keys.customer(ORG, CUSTOMER);
    const theirs = keys.customer(OTHER_ORG, CUSTOMER);

    expect(theirs.pk).not.toBe(mine.pk);
    expect(theirs.pk.startsWith(`ORG#${OTHER_ORG}#`)).toBe(true);
  });

  it("lists an organization's customers under one gsi1 partition, sortable by creation time then id", () => {
    const entry = keys.customerListEntry(ORG, CREATED_AT, CUSTOMER);

    expect(entry).toEqual({ gsi1pk: `ORG#${ORG}#CUSTOMERS`, gsi1sk: `${CREATED_AT}#${CUSTOMER}` });
    expect(keys.customersOfOrganization(ORG)).toEqual({ gsi1pk: entry.gsi1pk });
  });

  it('sorts later customers after earlier ones in gsi1sk (so newest first is a reverse query)', () => {
    const earlier = keys.customerListEntry(ORG, '2026-11-21T09:59:59.999Z', 'ffffffff');
    const later = keys.customerListEntry(ORG, '2026-11-21T10:00:00.000Z', '00000000');

    expect(earlier.gsi1sk < later.gsi1sk).toBe(true);
  });

  it('keeps the customer list partition apart from the API key list partition', () => {
    expect(keys.customersOfOrganization(ORG).gsi1pk).not.toBe(keys.apiKeysOfOrganization(ORG).gsi1pk);
  });

  it('addresses a deposit reference globally, so one reference can belong to one customer only', () => {
    expect(keys.depositReference('AB12CD34EF')).toEqual({ pk: 'DEPOSITREF#AB12CD34EF', sk: 'DEPOSITREF' });
  });

  it('addresses an event record under the prefix the stream relay filters on', () => {
    const key = keys.event('evt-1');

    expect(key).toEqual({ pk: 'EVENT#evt-1', sk: 'EVENT' });
    expect(key.pk.startsWith(EVENT_KEY_PREFIX)).toBe(true);
  });

  it('never lets a non-event key start with the event prefix', () => {
    const others = [
      keys.organization(ORG).pk,
      keys.apiKeyByHash('h').pk,
      keys.apiKeyById('k').pk,
      keys.customer(ORG, CUSTOMER).pk,
      keys.depositReference('R').pk,
    ];

    expect(others.filter((pk) => pk.startsWith(EVENT_KEY_PREFIX))).toEqual([]);
  });
});

describe('keys of withdrawal banks and their wallets', () => {
  const BANK = 'b1b2b3b4-c5c6-4d7d-8e8e-f9f0a1a2a3a4';
  const WALLET = 'a1a2a3a4-b5b6-4c7c-9d8d-e9e0f1f2f3f4';

  it("keeps a customer's banks, account-details items and wallets in the customer's partition", () => {
    const partition = keys.customer(ORG, CUSTOMER).pk;

    expect(keys.bank(ORG, CUSTOMER, BANK)).toEqual({ pk: partition, sk: `BANK#${BANK}` });
    expect(keys.bankAccountDetails(ORG, CUSTOMER, 'f'.repeat(64))).toEqual({
      pk: partition,
      sk: `BANKDETAILS#${'f'.repeat(64)}`,
    });
    expect(keys.wallet(ORG, CUSTOMER, WALLET)).toEqual({ pk: partition, sk: `WALLET#${WALLET}` });
    expect(keys.walletsOfCustomer(ORG, CUSTOMER)).toEqual({ pk: partition, skPrefix: 'WALLET#' });
  });

  it('never lets a wallet sort key collide with a bank, the customer or an account-details item', () => {
    const { skPrefix } = keys.walletsOfCustomer(ORG, CUSTOMER);
    const others = [
      keys.customer(ORG, CUSTOMER).sk,
      keys.bank(ORG, CUSTOMER, BANK).sk,
      keys.bankAccountDetails(ORG, CUSTOMER, 'h').sk,
    ];

    expect(others.filter((sk) => sk.startsWith(skPrefix))).toEqual([]);
    expect(keys.wallet(ORG, CUSTOMER, WALLET).sk.startsWith(skPrefix)).toBe(true);
  });

  it('finds a bank by its id alone through a global pointer', () => {
    expect(keys.bankPointer(BANK)).toEqual({ pk: `BANKID#${BANK}`, sk: 'BANKID' });
  });

  it('scopes an address lookup to its organization and ignores the letter case of the address', () => {
    const checksummed = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

    expect(keys.walletAddress(ORG, checksummed)).toEqual({
      pk: `ORG#${ORG}#ADDRESS#${checksummed.toLowerCase()}`,
      sk: 'ADDRESS',
    });
    expect(keys.walletAddress(ORG, checksummed.toLowerCase())).toEqual(keys.walletAddress(ORG, checksummed));
    expect(keys.walletAddress(OTHER_ORG, checksummed).pk).not.toBe(keys.walletAddress(ORG, checksummed).pk);
    expect(keys.walletAddress(ORG, checksummed).pk).not.toBe(keys.customer(ORG, CUSTOMER).pk);
  });

  it('keeps one global deposit index counter, outside every event and organization partition', () => {
    const counter = keys.depositIndexCounter();

    expect(counter).toEqual({ pk: 'COUNTER#DEPOSIT_WALLET_INDEX', sk: 'COUNTER' });
    expect(
      [counter.pk, keys.bankPointer(BANK).pk, keys.walletAddress(ORG, '0xab').pk].filter((pk) =>
        pk.startsWith(EVENT_KEY_PREFIX),
      ),
    ).toEqual([]);
  });
});
