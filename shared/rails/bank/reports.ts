import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Reports from the bank, reduced to the facts the service acts on. Any version banks send is read the same way
 * (pain.002.001.03 to .11; camt.054.001.02, .04, .08 and later): elements are matched by name with namespace
 * prefixes removed, and the few that moved between versions (`Sts` a code or `Sts/Cd`, `BookgDt/Dt` or `/DtTm`,
 * parties directly or under `Pty`) are read in either form. Anything that is not well-formed or lacks what a fact
 * needs is a `MalformedReportError`: the caller quarantines the file instead of guessing.
 */

export class MalformedReportError extends Error {}

export type Reason = { code: string | null; text: string | null };

/** pain.002: a status for the whole file, for a payment block, or for one payment (by end-to-end id). */
export type StatusReport = {
  kind: 'pain.002';
  messageId: string;
  originalMessageId: string;
  /** ACCP, ACSC, ACTC, PART, PDNG, RCVD, RJCT, ... ; null when the report has none at group level. */
  fileStatus: string | null;
  fileReason: Reason | null;
  paymentInfos: { paymentInfoId: string; status: string | null; reason: Reason | null }[];
  payments: { endToEndId: string; status: string; reason: Reason | null }[];
};

/** camt.054: debits and credits on the account; a payment we sent shows as a booked debit with its end-to-end id. */
export type DebitCreditNotification = {
  kind: 'camt.054';
  messageId: string;
  entries: {
    creditDebit: 'DBIT' | 'CRDT';
    /** BOOK, PDNG, INFO, ... */
    status: string;
    /** `YYYY-MM-DD` or an ISO date-time, as the bank wrote it; null when the entry has no booking date. */
    bookingDate: string | null;
    /** Entry-level amount and currency, as written. */
    amount: string;
    currency: string | null;
    /** The end-to-end ids of the entry's transactions; those without one (or `NOTPROVIDED`) are left out. */
    endToEndIds: string[];
  }[];
};

export type BankReport = StatusReport | DebitCreditNotification;

const ARRAYS = new Set([
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'Ntfctn',
  'Ntry',
  'NtryDtls',
  'TxDtls',
  'AddtlInf',
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

type Node = Record<string, unknown>;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const child = (node: unknown, name: string): unknown => (isNode(node) ? node[name] : undefined);
const list = (node: unknown, name: string): unknown[] => {
  const value = child(node, name);
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
};
/** Text of an element, also when it carries attributes (`<Amt Ccy="EUR">1.00</Amt>`). */
function text(node: unknown): string | null {
  if (typeof node === 'string') return node.length > 0 ? node : null;
  if (isNode(node) && typeof node['#text'] === 'string') return node['#text'];
  return null;
}
const path = (node: unknown, ...names: string[]): unknown => names.reduce<unknown>((at, name) => child(at, name), node);

function required(value: string | null, what: string): string {
  if (!value) throw new MalformedReportError(`${what} is missing`);
  return value;
}

function reason(node: unknown): Reason | null {
  const [first] = list(node, 'StsRsnInf');
  if (!first) return null;
  const code = text(path(first, 'Rsn', 'Cd')) ?? text(path(first, 'Rsn', 'Prtry'));
  const texts = list(first, 'AddtlInf')
    .map(text)
    .filter((value): value is string => value !== null);
  return { code, text: texts.length ? texts.join(' ') : null };
}

function statusReport(root: unknown): StatusReport {
  const group = child(root, 'OrgnlGrpInfAndSts');
  const paymentInfos = list(root, 'OrgnlPmtInfAndSts');
  return {
    kind: 'pain.002',
    messageId: required(text(path(root, 'GrpHdr', 'MsgId')), 'GrpHdr/MsgId'),
    originalMessageId: required(text(child(group, 'OrgnlMsgId')), 'OrgnlGrpInfAndSts/OrgnlMsgId'),
    fileStatus: text(child(group, 'GrpSts')),
    fileReason: reason(group),
    paymentInfos: paymentInfos.map((info) => ({
      paymentInfoId: required(text(child(info, 'OrgnlPmtInfId')), 'OrgnlPmtInfAndSts/OrgnlPmtInfId'),
      status: text(child(info, 'PmtInfSts')),
      reason: reason(info),
    })),
    payments: paymentInfos.flatMap((info) =>
      list(info, 'TxInfAndSts').map((payment) => ({
        endToEndId: required(text(child(payment, 'OrgnlEndToEndId')), 'TxInfAndSts/OrgnlEndToEndId'),
        status: required(text(child(payment, 'TxSts')), 'TxInfAndSts/TxSts'),
        reason: reason(payment),
      })),
    ),
  };
}

function notification(root: unknown): DebitCreditNotification {
  return {
    kind: 'camt.054',
    messageId: required(text(path(root, 'GrpHdr', 'MsgId')), 'GrpHdr/MsgId'),
    entries: list(root, 'Ntfctn').flatMap((account) =>
      list(account, 'Ntry').map((entry) => {
        const creditDebit = text(child(entry, 'CdtDbtInd'));
        if (creditDebit !== 'DBIT' && creditDebit !== 'CRDT') {
          throw new MalformedReportError('Ntry/CdtDbtInd must be DBIT or CRDT');
        }
        const status = text(child(entry, 'Sts')) ?? text(path(entry, 'Sts', 'Cd')) ?? text(path(entry, 'Sts', 'Prtry'));
        const amount = child(entry, 'Amt');
        return {
          creditDebit,
          status: required(status, 'Ntry/Sts'),
          bookingDate: text(path(entry, 'BookgDt', 'Dt')) ?? text(path(entry, 'BookgDt', 'DtTm')),
          amount: required(text(amount), 'Ntry/Amt'),
          currency: isNode(amount) && typeof amount['@Ccy'] === 'string' ? amount['@Ccy'] : null,
          endToEndIds: list(entry, 'NtryDtls')
            .flatMap((details) => list(details, 'TxDtls'))
            .map((transaction) => text(path(transaction, 'Refs', 'EndToEndId')))
            .filter((id): id is string => id !== null && id !== 'NOTPROVIDED'),
        };
      }),
    ),
  };
}

/** A DOCTYPE can declare entities (external ones read files or fetch URLs): no bank report needs one. */
const DOCTYPE = /<!DOCTYPE/i;

export function parseBankReport(xml: string): BankReport {
  // Refused before any parser sees the text, so no entity is ever declared, expanded or fetched.
  if (DOCTYPE.test(xml)) throw new MalformedReportError('A DOCTYPE is not accepted in a bank report');
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    throw new MalformedReportError(`Not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  }
  const document = child(parser.parse(xml), 'Document');
  if (!isNode(document)) throw new MalformedReportError('No ISO 20022 Document element');
  if (document.CstmrPmtStsRpt !== undefined) return statusReport(document.CstmrPmtStsRpt);
  if (document.BkToCstmrDbtCdtNtfctn !== undefined) return notification(document.BkToCstmrDbtCdtNtfctn);
  throw new MalformedReportError(
    `Not a pain.002 or camt.054: ${Object.keys(document)
      .filter((k) => !k.startsWith('@'))
      .join(', ')}`,
  );
}
