import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBankReport, type ReceivedTransfer } from '#shared/rails/bank/reports.ts';

/**
 * camt.054 as banks send it, in the three versions in use (.02, .04, .08). The fixtures follow the published
 * ISO 20022 / SIX Swiss Payment Standards sample notifications as collected by the genkgo/camt parser's test data
 * (github.com/genkgo/camt, test/data/camt054.v2.xml, camt054.v8.xml; MIT): `Sts` as a bare code (.02, .04) or
 * `Sts/Cd` (.08), `BookgDt` as `DtTm` or `Dt`, one entry holding several transactions (a batch booking), some
 * without an end-to-end id or with `NOTPROVIDED`, transaction-level `CdtDbtInd` contradicting the entry's, and
 * credits beside debits. Names and account numbers are shortened; the structure is the samples'.
 */
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'samples', name), 'utf8');

/** A transaction as money paid in would read it: what the fixture leaves out is null. */
const received = (fields: Partial<ReceivedTransfer>): ReceivedTransfer => ({
  bankReference: null,
  amount: null,
  currency: null,
  remittance: [],
  payerName: null,
  payerAccount: null,
  payerBank: { bic: null, memberId: null },
  creditedAccount: null,
  returned: false,
  ...fields,
});

describe('camt.054 samples from banks', () => {
  it('reads a .02 notification: Sts as a code, BookgDt/DtTm, a batch entry with NOTPROVIDED and missing ids', () => {
    const report = parseBankReport(fixture('camt054.v02.xml'));

    expect(report).toMatchObject({ kind: 'camt.054', messageId: 'AAAASESS-FP-ACCR001' });
    expect(report.kind === 'camt.054' && report.entries).toEqual([
      {
        creditDebit: 'DBIT',
        status: 'BOOK',
        bookingDate: '2007-10-18T13:15:00+01:00',
        amount: '200000',
        currency: 'SEK',
        account: { accountNumber: 'CH2801234000123456789' },
        reversal: false,
        bankReference: 'AAAASESS-FP-ACCR001',
        received: [
          received({ remittance: ['Unstructured remittance'], payerName: 'MUELLER' }),
          received({}),
          received({ bankReference: 'FEE-2007-10-18', remittance: ['Charges'] }),
          received({}),
        ],
        // A batch booking without amounts of its own: nothing to reconcile a payout against (quarantined if ours).
        transactions: [
          { endToEndId: 'MUELL/FINP/RA12345', amount: null, currency: null, returnReason: null },
          { endToEndId: 'MUELL/FINP/RA12346', amount: null, currency: null, returnReason: null },
        ],
      },
    ]);
  });

  it('reads a .04 notification with a credit and a pending debit beside a booked one', () => {
    const report = parseBankReport(fixture('camt054.v04.xml'));

    const entries = report.kind === 'camt.054' ? report.entries : [];
    expect(entries.map((e) => [e.creditDebit, e.status, e.transactions.map((t) => [t.endToEndId, t.amount])])).toEqual([
      ['CRDT', 'BOOK', [['INV-2015-0042', '120.00']]],
      ['DBIT', 'PDNG', [['WD-PEND-0001', '50.00']]],
      ['DBIT', 'BOOK', [['WD-BOOK-0001', '91.08']]],
    ]);
    expect(entries[0]?.account).toEqual({ iban: 'NL91ABNA0417164300' });
  });

  it('reads a .08 notification: Sts/Cd, BookgDt/Dt, a batch of transactions under one entry', () => {
    const report = parseBankReport(fixture('camt054.v08.xml'));

    expect(report.kind === 'camt.054' && report.entries).toEqual([
      {
        creditDebit: 'DBIT',
        status: 'BOOK',
        bookingDate: '2007-10-18',
        amount: '6.3',
        currency: 'CHF',
        account: { iban: 'CH2801234000123456789' },
        reversal: false,
        bankReference: 'ACSR160617103200001',
        received: [received({ payerName: 'UNIFITS GmbH' }), received({})],
        transactions: [
          { endToEndId: 'UXC06170000006PI00001EE00001', amount: null, currency: null, returnReason: null },
          { endToEndId: 'UXC06170000006PI00001EE00002', amount: null, currency: null, returnReason: null },
        ],
      },
    ]);
  });
});
