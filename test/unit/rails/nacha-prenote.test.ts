import { describe, expect, it } from 'vitest';
import { writeNacha } from '#shared/rails/bank/ach/nacha.ts';
import type { PaymentFile } from '#shared/rails/bank/payment-file.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

/** ACH prenotes: zero-dollar entries with transaction code 23, read back by NACHA's record positions. */
const file: PaymentFile = {
  messageId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
  createdAt: '2026-11-24T10:15:30.123Z',
  executionDate: '2026-11-24',
  initiatingParty: 'Fintech Inc',
  debtor: {
    currency: 'USD',
    name: 'Fintech Inc',
    accountNumber: '000123456789',
    routingNumber: '021000021',
    domesticRail: 'ACH',
    achCompanyId: '1123456789',
  },
  payments: [
    {
      endToEndId: 'PN-3F9A0C12B7E4',
      amount: '0.00',
      creditor: {
        name: 'Jane Doe',
        kind: 'individual',
        iban: null,
        accountNumber: '987654321',
        bic: null,
        routingNumber: '026009593',
        address: null,
      },
      remittance: 'Prenote',
    },
  ],
};
const options = { effectiveDate: '2026-11-25', fileIdModifier: 'A' };

describe('ACH prenote files', () => {
  it('write a zero-dollar entry with transaction code 23 in a batch described PRENOTE, totals zero', () => {
    const records = parseNacha(writeNacha(file, { ...options, prenote: true }));
    const [fileHeader, batchHeader, entry, addenda, batchControl, fileControl] = records.map((r) => r.fields);

    expect(records.slice(0, 6).map((r) => r.type)).toEqual(['1', '5', '6', '7', '8', '9']);
    expect(fileHeader).toMatchObject({ immediateDestination: ' 021000021', fileIdModifier: 'A' });
    expect(batchHeader).toMatchObject({
      serviceClassCode: '220',
      standardEntryClassCode: 'PPD',
      companyEntryDescription: 'PRENOTE   ',
      effectiveEntryDate: '261125',
    });
    // Positions 2-3 the transaction code, 30-39 the amount, 40-54 the identification a return hands back.
    expect(entry).toMatchObject({
      transactionCode: '23',
      receivingDfi: '02600959',
      checkDigit: '3',
      dfiAccountNumber: '987654321        ',
      amount: '0000000000',
      individualIdentificationNumber: 'PN-3F9A0C12B7E4',
      individualName: 'JANE DOE              ',
      traceNumber: '021000020000001',
    });
    expect(addenda?.paymentRelatedInformation?.trim()).toBe('PRENOTE');
    expect(batchControl).toMatchObject({
      entryAddendaCount: '000002',
      entryHash: '0002600959',
      totalCredit: '0'.repeat(12),
    });
    expect(fileControl).toMatchObject({
      batchCount: '000001',
      totalDebit: '0'.repeat(12),
      totalCredit: '0'.repeat(12),
    });
  });

  it('refuses an amount on a prenote, and a zero amount on a credit', () => {
    const withAmount = { ...file, payments: file.payments.map((p) => ({ ...p, amount: '1.00' })) };
    expect(() => writeNacha(withAmount, { ...options, prenote: true })).toThrow(/a prenote carries 0, not 1.00/);
    expect(() => writeNacha(file, options)).toThrow(/ACH entry carries 0.01/);
  });
});
