import { XMLBuilder } from 'fast-xml-parser';
import { twoPlaces } from '#shared/rails/bank/pain001.ts';
import type { ReportAccount } from '#shared/rails/bank/reports.ts';

/**
 * Money paid in as a bank reports it: a camt.054.001.08 notification (or a camt.053.001.08 statement) of booked
 * credit entries, each a received credit transfer (`PMNT/RCDT`) with the bank's reference (`AcctSvcrRef`), the payer
 * and the remittance; or the reversal of one (`RvslInd`, a debit with the reversed credit's reference). For the
 * sandbox bank's pay-in route and for tests; the same path a real bank's report takes.
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ' });

export type CreditEntryInput = {
  bankReference: string;
  /** As the bank writes it; tests write what a bank must not (a negative amount) through `amountText`. */
  amount: string;
  amountText?: string;
  currency: string;
  /** `YYYY-MM-DD`. */
  bookingDate: string;
  remittance?: string[];
  structuredReference?: string;
  payer?: { name?: string; account?: ReportAccount; bic?: string; memberId?: string };
  /** The credit was paid to this account under the notified one (a virtual IBAN). */
  creditedAccount?: ReportAccount;
  /** A debit reversing the credit of this `bankReference`. */
  reversal?: boolean;
};

const accountNode = (account: ReportAccount) =>
  'iban' in account ? { Id: { IBAN: account.iban } } : { Id: { Othr: { Id: account.accountNumber } } };

function entryNode(entry: CreditEntryInput) {
  const amount = { '@Ccy': entry.currency, '#text': entry.amountText ?? twoPlaces(entry.amount) };
  const payer = entry.payer;
  const agent = payer?.bic || payer?.memberId;
  return {
    NtryRef: entry.bankReference,
    Amt: amount,
    CdtDbtInd: entry.reversal ? 'DBIT' : 'CRDT',
    ...(entry.reversal ? { RvslInd: 'true' } : {}),
    Sts: { Cd: 'BOOK' },
    BookgDt: { Dt: entry.bookingDate },
    ValDt: { Dt: entry.bookingDate },
    AcctSvcrRef: entry.bankReference,
    BkTxCd: { Domn: { Cd: 'PMNT', Fmly: { Cd: 'RCDT', SubFmlyCd: 'ESCT' } } },
    NtryDtls: {
      TxDtls: {
        Refs: { AcctSvcrRef: entry.bankReference, EndToEndId: 'NOTPROVIDED' },
        AmtDtls: { TxAmt: { Amt: amount } },
        ...(payer || entry.creditedAccount
          ? {
              RltdPties: {
                ...(payer?.name ? { Dbtr: { Pty: { Nm: payer.name } } } : {}),
                ...(payer?.account ? { DbtrAcct: accountNode(payer.account) } : {}),
                ...(entry.creditedAccount ? { CdtrAcct: accountNode(entry.creditedAccount) } : {}),
              },
            }
          : {}),
        ...(agent
          ? {
              RltdAgts: {
                DbtrAgt: {
                  FinInstnId: {
                    ...(payer?.bic ? { BICFI: payer.bic } : {}),
                    ...(payer?.memberId ? { ClrSysMmbId: { MmbId: payer.memberId } } : {}),
                  },
                },
              },
            }
          : {}),
        ...(entry.remittance?.length || entry.structuredReference
          ? {
              RmtInf: {
                ...(entry.remittance?.length ? { Ustrd: entry.remittance } : {}),
                ...(entry.structuredReference
                  ? { Strd: { CdtrRefInf: { Tp: { CdOrPrtry: { Cd: 'SCOR' } }, Ref: entry.structuredReference } } }
                  : {}),
              },
            }
          : {}),
      },
    },
  };
}

export type CreditReportInput = {
  messageId: string;
  createdAt: string;
  account: ReportAccount;
  entries: CreditEntryInput[];
  /** `camt.053`: the end-of-day statement; else a camt.054 notification. */
  statement?: boolean;
};

export function writeCreditReport(input: CreditReportInput): string {
  const createdAt = new Date(input.createdAt).toISOString();
  const body = {
    GrpHdr: { MsgId: input.messageId, CreDtTm: createdAt },
    [input.statement ? 'Stmt' : 'Ntfctn']: {
      Id: input.messageId,
      ...(input.statement ? { ElctrncSeqNb: '1' } : {}),
      CreDtTm: createdAt,
      Acct: accountNode(input.account),
      Ntry: input.entries.map(entryNode),
    },
  };
  const kind = input.statement ? 'camt.053.001.08' : 'camt.054.001.08';
  return builder.build({
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Document: {
      '@xmlns': `urn:iso:std:iso:20022:tech:xsd:${kind}`,
      [input.statement ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn']: body,
    },
  });
}
