import { XMLBuilder } from 'fast-xml-parser';
import { twoPlaces } from '#shared/rails/bank/pain001.ts';
import type { RailName } from '#shared/rails/bank/rail.ts';
import { domesticBankRail, RAILS } from '#shared/rails/bank/rails.ts';
import { isNachaReturnCode } from '#shared/rails/bank/return-reasons.ts';

/**
 * The reports a bank writes, for the sandbox's bank simulator and its complete/fail routes (and for tests):
 * pain.002.001.11 and camt.054.001.08, validated in the tests against their schemas. They travel the same path as
 * a real bank's reports: into the inbox, then parsed and applied by `apply-bank-report`.
 */
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ' });
const declaration = { '@version': '1.0', '@encoding': 'UTF-8' };

export type StatusReportInput = {
  messageId: string;
  createdAt: string;
  originalMessageId: string;
  /** Set for a file-level answer (ACCP, RJCT, ...); omitted when only payments are answered. */
  fileStatus?: string;
  fileReason?: { code: string; text?: string };
  paymentInfoId: string;
  payments: { endToEndId: string; status: string; reason?: { code: string; text?: string } }[];
};

const reasonNode = (reason: { code: string; text?: string } | undefined) =>
  reason
    ? { StsRsnInf: { Rsn: { Cd: reason.code }, ...(reason.text ? { AddtlInf: reason.text.slice(0, 105) } : {}) } }
    : {};

export function writePain002(input: StatusReportInput): string {
  return builder.build({
    '?xml': declaration,
    Document: {
      '@xmlns': 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.11',
      CstmrPmtStsRpt: {
        GrpHdr: { MsgId: input.messageId, CreDtTm: new Date(input.createdAt).toISOString() },
        OrgnlGrpInfAndSts: {
          OrgnlMsgId: input.originalMessageId,
          OrgnlMsgNmId: 'pain.001.001.09',
          ...(input.fileStatus ? { GrpSts: input.fileStatus } : {}),
          ...reasonNode(input.fileReason),
        },
        ...(input.payments.length
          ? {
              OrgnlPmtInfAndSts: {
                OrgnlPmtInfId: input.paymentInfoId,
                TxInfAndSts: input.payments.map((payment) => ({
                  OrgnlEndToEndId: payment.endToEndId,
                  TxSts: payment.status,
                  ...reasonNode(payment.reason),
                })),
              },
            }
          : {}),
      },
    },
  });
}

export type DebitNotificationInput = {
  messageId: string;
  createdAt: string;
  /** The debited account: an IBAN (EUR) or an account number (USD). */
  account: { iban: string } | { accountNumber: string };
  /** The rail the payments went by (its bank transaction code); null for files written before rails were stored. */
  rail: RailName | null;
  /**
   * `bookingDate`: `YYYY-MM-DD`, or an ISO date-time (written as `DtTm`); `valueDate` (`YYYY-MM-DD`) when it is not
   * the booking date's UTC date. An entry with `returnReason` is the payment coming back: a credit with return
   * information (`RtrInf`), as banks report a return after booking.
   */
  entries: {
    endToEndId: string;
    amount: string;
    currency: string;
    bookingDate: string;
    valueDate?: string;
    returnReason?: { code: string; text?: string };
  }[];
};

/** `YYYY-MM-DD` as `Dt`, a date-time as `DtTm`. */
const dateChoice = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? { Dt: value } : { DtTm: new Date(value).toISOString() };

/** A payment sent on `rail`'s bank transaction sub-family; a file from before rails went by its currency's domestic rail. */
const issuedSubFamily = (rail: RailName | null, currency: string) =>
  RAILS[rail ?? domesticBankRail(currency === 'USD' ? 'USD' : 'EUR')].bankTransactionCode;

export function writeCamt054(input: DebitNotificationInput): string {
  const accountId =
    'iban' in input.account ? { IBAN: input.account.iban } : { Othr: { Id: input.account.accountNumber } };
  return builder.build({
    '?xml': declaration,
    Document: {
      '@xmlns': 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08',
      BkToCstmrDbtCdtNtfctn: {
        GrpHdr: { MsgId: input.messageId, CreDtTm: new Date(input.createdAt).toISOString() },
        Ntfctn: {
          Id: input.messageId,
          CreDtTm: new Date(input.createdAt).toISOString(),
          Acct: { Id: accountId },
          Ntry: input.entries.map((entry) => {
            const amount = { '@Ccy': entry.currency, '#text': twoPlaces(entry.amount) };
            const returned = entry.returnReason;
            return {
              Amt: amount,
              CdtDbtInd: returned ? 'CRDT' : 'DBIT',
              Sts: { Cd: 'BOOK' },
              BookgDt: dateChoice(entry.bookingDate),
              ValDt: { Dt: entry.valueDate ?? entry.bookingDate.slice(0, 10) },
              // ICDT and the rail's sub-family: a credit transfer sent; ICDT/RRTN: one returned.
              BkTxCd: {
                Domn: {
                  Cd: 'PMNT',
                  Fmly: { Cd: 'ICDT', SubFmlyCd: returned ? 'RRTN' : issuedSubFamily(input.rail, entry.currency) },
                },
              },
              NtryDtls: {
                TxDtls: {
                  Refs: { EndToEndId: entry.endToEndId },
                  AmtDtls: { TxAmt: { Amt: amount } },
                  ...(returned
                    ? {
                        RtrInf: {
                          Rsn: isNachaReturnCode(returned.code) ? { Prtry: returned.code } : { Cd: returned.code },
                          ...(returned.text ? { AddtlInf: returned.text.slice(0, 105) } : {}),
                        },
                      }
                    : {}),
                },
              },
            };
          }),
        },
      },
    },
  });
}
