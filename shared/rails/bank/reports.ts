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

/** The account a report names: by IBAN (SEPA) or by its other identification (an account number). */
export type ReportAccount = { iban: string } | { accountNumber: string };

/** What a report says a payment was: its amount as written (a decimal string), currency and debited account. */
export type PaymentTerms = { amount: string | null; currency: string | null; debtorAccount: ReportAccount | null };

/** pain.002: a status for the whole file, for a payment block, or for one payment (by end-to-end id). */
export type StatusReport = {
  kind: 'pain.002';
  messageId: string;
  originalMessageId: string;
  /** ACCP, ACSC, ACTC, PART, PDNG, RCVD, RJCT, ... ; null when the report has none at group level. */
  fileStatus: string | null;
  fileReason: Reason | null;
  paymentInfos: { paymentInfoId: string; status: string | null; reason: Reason | null }[];
  payments: {
    endToEndId: string;
    /** The block the payment was reported in (`OrgnlPmtInfId`), null when the report answers payments only. */
    paymentInfoId: string | null;
    status: string;
    reason: Reason | null;
    /** From `OrgnlTxRef`, when the bank copied the original's terms into its answer. */
    original: PaymentTerms | null;
  }[];
};

/**
 * A transfer received on the account, as an entry's transaction details tell it (or the entry itself when it has
 * none): what the payer sent and wrote, for crediting money paid in (`shared/bank-credits/`).
 */
export type ReceivedTransfer = {
  /** The bank's own reference of this transaction (`TxDtls/Refs/AcctSvcrRef`), when the entry batches several. */
  bankReference: string | null;
  amount: string | null;
  currency: string | null;
  /** `RmtInf/Ustrd` lines and `RmtInf/Strd/CdtrRefInf/Ref`, as written. */
  remittance: string[];
  payerName: string | null;
  payerAccount: ReportAccount | null;
  /** The payer's bank: its BIC, and its clearing member id (an ABA routing number for Fedwire). */
  payerBank: { bic: string | null; memberId: string | null };
  /** The account the payer credited (`RltdPties/CdtrAcct`): a virtual account under the notified one. */
  creditedAccount: ReportAccount | null;
  /** Return information: a payment of ours coming back, not money paid in. */
  returned: boolean;
};

/**
 * camt.054 (and camt.053, the end-of-day statement, read the same way: `source` says which): debits and credits on
 * the account; a payment we sent shows as a booked debit with its end-to-end id.
 */
export type DebitCreditNotification = {
  kind: 'camt.054';
  source: 'camt.054' | 'camt.053';
  messageId: string;
  entries: {
    /** `RvslInd` true: the entry reverses an earlier one of the other direction (a DBIT takes back a credit). */
    reversal: boolean;
    /** The bank's reference of the booking: `AcctSvcrRef`, else `NtryRef`; null when the entry has neither. */
    bankReference: string | null;
    received: ReceivedTransfer[];
    creditDebit: 'DBIT' | 'CRDT';
    /** BOOK, PDNG, INFO, ... */
    status: string;
    /** `YYYY-MM-DD` or an ISO date-time, as the bank wrote it; null when the entry has no booking date. */
    bookingDate: string | null;
    /** Entry-level amount and currency, as written. */
    amount: string;
    currency: string | null;
    /** The account the notification is about (`Ntfctn/Acct`): for a payment we sent, the debtor's. */
    account: ReportAccount | null;
    /**
     * The entry's transactions with an end-to-end id (those without one, or `NOTPROVIDED`, are left out): the amount
     * of each from `AmtDtls` (or the entry's, when it has one transaction), and for a returned payment its reason.
     */
    transactions: { endToEndId: string; amount: string | null; currency: string | null; returnReason: Reason | null }[];
  }[];
};

export type BankReport = StatusReport | DebitCreditNotification;

const ARRAYS = new Set([
  'OrgnlPmtInfAndSts',
  'TxInfAndSts',
  'StsRsnInf',
  'Ntfctn',
  'Stmt',
  'Ntry',
  'Ustrd',
  'Strd',
  'NtryDtls',
  'TxDtls',
  'AddtlInf',
  'RtrInf',
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

const AMOUNT = /^\d{1,15}(\.\d{1,5})?$/;

/** An amount element (`<Amt Ccy="EUR">20.24</Amt>`): its decimal text, checked, and its currency. */
function money(node: unknown, what: string): { amount: string | null; currency: string | null } {
  const amount = text(node);
  if (amount !== null && !AMOUNT.test(amount)) throw new MalformedReportError(`${what} ${amount} is not an amount`);
  return { amount, currency: isNode(node) && typeof node['@Ccy'] === 'string' ? node['@Ccy'] : null };
}

function account(node: unknown): ReportAccount | null {
  const iban = text(path(node, 'Id', 'IBAN'));
  if (iban) return { iban };
  const other = text(path(node, 'Id', 'Othr', 'Id'));
  return other ? { accountNumber: other } : null;
}

/** `OrgnlTxRef`: the instructed amount (`Amt/InstdAmt`, or `Amt` directly in some versions) and debtor account. */
function originalTerms(payment: unknown): PaymentTerms | null {
  const reference = child(payment, 'OrgnlTxRef');
  if (!isNode(reference)) return null;
  const amount = path(reference, 'Amt', 'InstdAmt') ?? child(reference, 'Amt');
  return { ...money(amount, 'OrgnlTxRef/Amt'), debtorAccount: account(child(reference, 'DbtrAcct')) };
}

function returnReason(transaction: unknown): Reason | null {
  const [info] = list(transaction, 'RtrInf');
  if (info === undefined) return null;
  const code = text(path(info, 'Rsn', 'Cd')) ?? text(path(info, 'Rsn', 'Prtry'));
  const texts = list(info, 'AddtlInf')
    .map(text)
    .filter((value): value is string => value !== null);
  return { code: required(code, 'RtrInf/Rsn'), text: texts.length ? texts.join(' ') : null };
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
        paymentInfoId: text(child(info, 'OrgnlPmtInfId')),
        status: required(text(child(payment, 'TxSts')), 'TxInfAndSts/TxSts'),
        reason: reason(payment),
        original: originalTerms(payment),
      })),
    ),
  };
}

/** A party directly (`Dbtr/Nm`, up to .04) or under `Pty` (`Dbtr/Pty/Nm`, from .08). */
const party = (node: unknown, name: string): unknown => child(child(node, name), 'Pty') ?? child(node, name);

/** What the payer sent and wrote in one transaction (or in the entry, when it gives no transaction details). */
function receivedTransfer(transaction: unknown, amount: { amount: string | null; currency: string | null }) {
  const information = child(transaction, 'RmtInf');
  const structured = list(information, 'Strd').map((block) => text(path(block, 'CdtrRefInf', 'Ref')));
  const related = child(transaction, 'RltdPties');
  const agent = path(transaction, 'RltdAgts', 'DbtrAgt', 'FinInstnId');
  return {
    bankReference: text(path(transaction, 'Refs', 'AcctSvcrRef')),
    ...amount,
    remittance: [...list(information, 'Ustrd').map(text), ...structured].filter((line): line is string => !!line),
    payerName: text(child(party(related, 'Dbtr'), 'Nm')),
    payerAccount: account(child(related, 'DbtrAcct')),
    payerBank: {
      bic: text(path(agent, 'BICFI')) ?? text(path(agent, 'BIC')),
      memberId: text(path(agent, 'ClrSysMmbId', 'MmbId')),
    },
    creditedAccount: account(child(related, 'CdtrAcct')),
    returned: list(transaction, 'RtrInf').length > 0,
  };
}

function notification(root: unknown, source: 'camt.054' | 'camt.053'): DebitCreditNotification {
  return {
    kind: 'camt.054',
    source,
    messageId: required(text(path(root, 'GrpHdr', 'MsgId')), 'GrpHdr/MsgId'),
    entries: list(root, source === 'camt.054' ? 'Ntfctn' : 'Stmt').flatMap((notified) =>
      list(notified, 'Ntry').map((entry) => {
        const creditDebit = text(child(entry, 'CdtDbtInd'));
        if (creditDebit !== 'DBIT' && creditDebit !== 'CRDT') {
          throw new MalformedReportError('Ntry/CdtDbtInd must be DBIT or CRDT');
        }
        const status = text(child(entry, 'Sts')) ?? text(path(entry, 'Sts', 'Cd')) ?? text(path(entry, 'Sts', 'Prtry'));
        const entryAmount = money(child(entry, 'Amt'), 'Ntry/Amt');
        const details = list(entry, 'NtryDtls').flatMap((group) => list(group, 'TxDtls'));
        return {
          reversal: text(child(entry, 'RvslInd')) === 'true',
          bankReference: text(child(entry, 'AcctSvcrRef')) ?? text(child(entry, 'NtryRef')),
          received: details.length
            ? details.map((transaction) => {
                const own =
                  path(transaction, 'AmtDtls', 'TxAmt', 'Amt') ?? path(transaction, 'AmtDtls', 'InstdAmt', 'Amt');
                const amount =
                  own !== undefined ? money(own, 'TxDtls/AmtDtls') : details.length === 1 ? entryAmount : null;
                return receivedTransfer(transaction, amount ?? { amount: null, currency: null });
              })
            : [receivedTransfer(entry, entryAmount)],
          creditDebit,
          status: required(status, 'Ntry/Sts'),
          bookingDate: text(path(entry, 'BookgDt', 'Dt')) ?? text(path(entry, 'BookgDt', 'DtTm')),
          amount: required(entryAmount.amount, 'Ntry/Amt'),
          currency: entryAmount.currency,
          account: account(child(notified, 'Acct')),
          transactions: details.flatMap((transaction) => {
            const endToEndId = text(path(transaction, 'Refs', 'EndToEndId'));
            if (endToEndId === null || endToEndId === 'NOTPROVIDED') return [];
            const own = path(transaction, 'AmtDtls', 'TxAmt', 'Amt') ?? path(transaction, 'AmtDtls', 'InstdAmt', 'Amt');
            // Without amount details, the entry's amount is the transaction's only when it is the entry's only one.
            const amount = own !== undefined ? money(own, 'TxDtls/AmtDtls') : details.length === 1 ? entryAmount : null;
            return [
              {
                endToEndId,
                amount: amount?.amount ?? null,
                currency: amount?.currency ?? null,
                returnReason: returnReason(transaction),
              },
            ];
          }),
        };
      }),
    ),
  };
}

/** `2026-11-22` -> midnight UTC of that day; a date-time as the bank wrote it. */
export function bookingTime(date: string | null, fallback: Date): string {
  if (!date) return fallback.toISOString();
  const parsed = new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : date);
  if (Number.isNaN(parsed.getTime())) throw new MalformedReportError(`Booking date ${date} is not a date`);
  return parsed.toISOString();
}

/** A DOCTYPE can declare entities (external ones read files or fetch URLs): no bank report needs one. */
const DOCTYPE = /<!DOCTYPE/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const DECLARED_ENCODING = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/;

/**
 * A report's bytes as text: UTF-8 only (ISO 20022 messages are UTF-8), so a file in another encoding, or with bytes
 * that are not UTF-8, is refused instead of being read with the wrong characters.
 */
export function decodeReport(bytes: Uint8Array): string {
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) {
    throw new MalformedReportError('UTF-16 is not accepted: a bank report is UTF-8');
  }
  let xml: string;
  try {
    xml = utf8.decode(bytes);
  } catch {
    throw new MalformedReportError('Not UTF-8: the report has bytes that are not UTF-8');
  }
  if (xml.charCodeAt(0) === 0xfeff) xml = xml.slice(1);
  const declared = DECLARED_ENCODING.exec(xml)?.[1];
  if (declared && declared.toUpperCase() !== 'UTF-8') {
    throw new MalformedReportError(`Encoding ${declared} is not accepted: a bank report is UTF-8`);
  }
  return xml;
}

export function parseBankReport(input: string | Uint8Array): BankReport {
  const xml = typeof input === 'string' ? input : decodeReport(input);
  // Refused before any parser sees the text, so no entity is ever declared, expanded or fetched.
  if (DOCTYPE.test(xml)) throw new MalformedReportError('A DOCTYPE is not accepted in a bank report');
  const wellFormed = XMLValidator.validate(xml);
  if (wellFormed !== true) {
    throw new MalformedReportError(`Not well-formed XML: ${wellFormed.err.msg} (line ${wellFormed.err.line})`);
  }
  const document = child(parser.parse(xml), 'Document');
  if (!isNode(document)) throw new MalformedReportError('No ISO 20022 Document element');
  if (document.CstmrPmtStsRpt !== undefined) return statusReport(document.CstmrPmtStsRpt);
  if (document.BkToCstmrDbtCdtNtfctn !== undefined) return notification(document.BkToCstmrDbtCdtNtfctn, 'camt.054');
  if (document.BkToCstmrStmt !== undefined) return notification(document.BkToCstmrStmt, 'camt.053');
  throw new MalformedReportError(
    `Not a pain.002, camt.054 or camt.053: ${Object.keys(document)
      .filter((k) => !k.startsWith('@'))
      .join(', ')}`,
  );
}
