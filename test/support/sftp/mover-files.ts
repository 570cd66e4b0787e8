import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import { writeNachaReturns } from '#shared/rails/bank/ach/nacha-return-writer.ts';
import type { PayoutAccount } from '#shared/rails/bank/payment-file.ts';
import { writeRailFile } from '#shared/rails/bank/rail-files.ts';
import { writeCamt054 } from '#shared/rails/bank/report-writer.ts';
import { parseNacha } from '#test/support/rails/nacha-layout.ts';

/** A live organization's payout accounts in the mover's tests: EUR by SEPA, USD by ACH. */
export const EUR_ACCOUNT = {
  currency: 'EUR',
  name: 'Acme Payouts GmbH',
  iban: 'DE02120300000000202051',
  bic: 'BYLADEM1001',
};
export const USD_ACCOUNT = {
  currency: 'USD',
  name: 'Acme Payouts Inc',
  accountNumber: '000987654321',
  routingNumber: '026009593',
  domesticRail: 'ACH',
  achCompanyId: '1987654321',
  address: { street: 'Park Avenue', buildingNumber: '270', postCode: '10017', town: 'New York', country: 'US' },
} as const;

/** The bank's camt.054 booking the debits of `references` in `file`, today. */
export const bookingOf = (file: PaymentFileRecord, references: string[]) =>
  writeCamt054({
    messageId: `${file.messageId.slice(0, 24)}-BOOKED`,
    createdAt: new Date().toISOString(),
    account: file.debtorAccount,
    rail: file.rail ?? null,
    entries: file.payments
      .filter((payment) => references.includes(payment.reference))
      .map((payment) => ({
        endToEndId: payment.reference,
        amount: payment.amount,
        currency: file.currency,
        bookingDate: new Date().toISOString().slice(0, 10),
      })),
  });

/** The receiving bank's NACHA return (R03) of the entry `reference` of the NACHA file the bank received (`sent`). */
export function nachaReturnOf(sent: string, reference: string, amount: string) {
  const entry = parseNacha(sent).find((r) => r.fields.individualIdentificationNumber?.trim() === reference)?.fields;
  if (!entry) throw new Error(`no entry ${reference} in the file`);
  const receivingBank = `${entry.receivingDfi}${entry.checkDigit}`;
  return {
    entry,
    returns: writeNachaReturns({
      createdAt: new Date().toISOString(),
      originatingBank: USD_ACCOUNT.routingNumber,
      returningBank: receivingBank,
      companyName: USD_ACCOUNT.name,
      companyId: USD_ACCOUNT.achCompanyId,
      entries: [
        {
          kind: 'return',
          code: 'R03',
          secCode: 'PPD',
          originalTraceNumber: entry.traceNumber ?? '',
          routingNumber: receivingBank,
          accountNumber: entry.dfiAccountNumber?.trim() ?? '',
          amount,
          identification: reference,
          name: entry.individualName?.trim() ?? '',
        },
      ],
    }),
  };
}

/** A SEPA payment file of `count` payments of 10.00 from the EUR payout account, as the batcher writes one. */
export function sepaFileOf(count: number) {
  const debtor = EUR_ACCOUNT as PayoutAccount;
  const createdAt = new Date('2026-11-23T10:00:00.000Z');
  return writeRailFile(
    'SEPA',
    {
      messageId: '0123456789abcdef0123456789abcdef',
      createdAt: createdAt.toISOString(),
      executionDate: '2026-11-23',
      initiatingParty: 'Acme Payouts GmbH',
      debtor,
      payments: Array.from({ length: count }, (_, i) => ({
        endToEndId: `WD-${String(i).padStart(8, '0')}`,
        amount: '10.00',
        remittance: `Payout ${i}`,
        creditor: {
          name: 'Ada Lovelace',
          kind: 'individual' as const,
          iban: 'FR7630006000011234567890189',
          accountNumber: null,
          bic: 'BNPAFRPPXXX',
          routingNumber: null,
          address: null,
        },
      })),
    },
    { createdAt, debtor, settlementDate: '2026-11-24', fileOfDay: 0 },
  );
}
