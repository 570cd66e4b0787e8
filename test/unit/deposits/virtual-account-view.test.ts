import { describe, expect, it } from 'vitest';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { toVirtualAccount } from '#shared/deposits/virtual-account-view.ts';

const ACTIVE: VirtualAccountRecord = {
  virtualAccountId: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a',
  organizationId: 'org-1',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  currency: 'EUR',
  status: 'ACTIVE',
  iban: 'GB31SNDB04000012345678',
  bic: 'SNDBGB2LXXX',
  bankName: 'Sandbox Virtual Accounts Ltd',
  bankAddress: '1 Sandbox Lane, London',
  bankCountry: 'GB',
  accountName: 'Ada Lovelace',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:02:00.000Z',
  activatedAt: '2026-11-21T10:02:00.000Z',
  rejectionReason: null,
};

describe("a virtual account in Compose's shape", () => {
  it('answers addressDetails from the address KYC held at the request, postcode named as Compose names it', () => {
    const view = toVirtualAccount({
      ...ACTIVE,
      holderAddress: { addressLine1: '12 Rue de Rivoli', city: 'Paris', country: 'FR', postalCode: '75004' },
    });

    expect(view.virtualAccount?.addressDetails).toEqual({
      addressLine1: '12 Rue de Rivoli',
      city: 'Paris',
      postcode: '75004',
      country: 'FR',
      nationality: null,
      dateOfBirth: null,
    });
  });

  it('answers addressDetails null where nothing is held (no address, or an account stored before it was kept)', () => {
    expect(toVirtualAccount({ ...ACTIVE, holderAddress: null }).virtualAccount?.addressDetails).toBeNull();
    expect(toVirtualAccount(ACTIVE).virtualAccount?.addressDetails).toBeNull();
  });
});
