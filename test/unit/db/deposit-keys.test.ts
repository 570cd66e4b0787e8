import { describe, expect, it } from 'vitest';
import { keys } from '#shared/db/keys.ts';

const ORG = '0b5c9a7e-3f2d-4c1a-9b8e-7d6f5e4c3b2a';
const CUSTOMER = 'c1d2e3f4-a5b6-4c7d-8e9f-0a1b2c3d4e5f';
const ACCOUNT = '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a';

describe('keys of virtual accounts and inbound transfers', () => {
  it("keeps a customer's virtual accounts in the customer's partition, listed newest first by gsi1", () => {
    const entry = keys.virtualAccountListEntry(ORG, CUSTOMER, '2026-11-21T10:00:00.000Z', ACCOUNT);

    expect(keys.virtualAccount(ORG, CUSTOMER, ACCOUNT)).toEqual({
      pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}`,
      sk: `VACCOUNT#${ACCOUNT}`,
    });
    expect(entry).toEqual({
      gsi1pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}#VACCOUNTS`,
      gsi1sk: `2026-11-21T10:00:00.000Z#${ACCOUNT}`,
    });
    expect(keys.virtualAccountsOfCustomer(ORG, CUSTOMER)).toEqual({ gsi1pk: entry.gsi1pk });
  });

  it('gives each currency of a customer one virtual account item, and each IBAN one global item', () => {
    expect(keys.virtualAccountOfCurrency(ORG, CUSTOMER, 'USD')).toEqual({
      pk: `ORG#${ORG}#CUSTOMER#${CUSTOMER}`,
      sk: 'VACCOUNTCURRENCY#USD',
    });
    expect(keys.virtualAccountIban('GB31SNDB04000012345678')).toEqual({
      pk: 'VIBAN#GB31SNDB04000012345678',
      sk: 'VIBAN',
    });
    expect(keys.virtualAccountPointer(ACCOUNT)).toEqual({ pk: `VACCOUNTID#${ACCOUNT}`, sk: 'VACCOUNTID' });
  });

  it('names an inbound transfer platform-wide by chain, lower-case transaction hash and log index', () => {
    const hash = `0x${'AbCdEf01'.repeat(8)}`;

    const key = keys.inboundTransfer('base', hash, 3);

    expect(key).toEqual({ pk: `INBOUND#base#${hash.toLowerCase()}#3`, sk: 'INBOUND' });
    expect(keys.inboundTransfer('base', hash.toLowerCase(), 3)).toEqual(key);
    expect(keys.inboundTransfer('polygon', hash, 3)).not.toEqual(key);
    expect(keys.inboundTransfer('base', hash, 4)).not.toEqual(key);
  });

  it('names a derived address platform-wide in lower case, and a cursor per chain', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

    expect(keys.depositAddress(address)).toEqual({
      pk: `DEPOSITADDRESS#${address.toLowerCase()}`,
      sk: 'DEPOSITADDRESS',
    });
    expect(keys.chainCursor('base')).toEqual({ pk: 'CHAINCURSOR#base', sk: 'CHAINCURSOR' });
  });
});
