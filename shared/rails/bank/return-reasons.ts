import type { ReportFormat } from '#shared/rails/bank/rail.ts';

/**
 * Why a bank returned a payout it had booked: the codes banks report and what each means, declared once. A return's
 * `failureReason` is `<code>: <meaning>`; the sandbox's return route accepts the codes of the payout's rail.
 *
 * - ISO 20022 external return reasons (`ExternalReturnReason1Code`, the code list ISO 20022 publishes), as a
 *   camt.054 credit with return information carries them in `RtrInf/Rsn/Cd`: SEPA, SWIFT and Fedwire returns.
 * - NACHA return reason codes R01-R85 (addenda type 99 of an ACH return entry), and the change codes of a
 *   notification of change (addenda type 98), which correct a bank's details without returning the payment.
 */

/** ISO 20022 external return reason codes a payout's return may carry. */
export const ISO_RETURN_REASONS = {
  AC01: 'Account identifier incorrect',
  AC03: 'Creditor account number invalid',
  AC04: 'Account closed',
  AC06: 'Account blocked',
  AC13: 'Debtor account type invalid',
  AG01: 'Transaction forbidden on this account',
  AG02: 'Bank operation code invalid',
  AM05: 'Duplicate payment',
  AM09: 'Amount not the one agreed',
  BE04: 'Creditor address missing or incorrect',
  BE05: 'Creditor not recognised',
  CNOR: 'Creditor bank not registered under this clearing system',
  CUST: 'Returned at the creditor customer request',
  DUPL: 'Duplicate payment',
  ED05: 'Settlement failed',
  FF01: 'File or message format invalid',
  FOCR: 'Returned following a cancellation request',
  MD07: 'Account holder deceased',
  MS02: 'Reason not specified, by the customer',
  MS03: 'Reason not specified, by the bank',
  NARR: 'Reason given in the narrative',
  RC01: 'Bank identifier incorrect',
  RR01: 'Debtor account or identification missing',
  RR02: 'Debtor name or address missing',
  RR03: 'Creditor name or address missing',
  RR04: 'Regulatory reason',
  TM01: 'Received after the cut-off time',
} as const satisfies Record<string, string>;

/** NACHA return reason codes (addenda type 99). */
export const NACHA_RETURN_REASONS = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or unable to locate the account',
  R04: 'Invalid account number structure',
  R05: 'Unauthorized debit to a consumer account using a corporate SEC code',
  R06: "Returned at the originating bank's request",
  R07: 'Authorization revoked by the customer',
  R08: 'Payment stopped',
  R09: 'Uncollected funds',
  R10: 'Customer advises the originator is not known or not authorized',
  R11: 'Entry not in accordance with the terms of the authorization',
  R12: 'Account sold to another bank',
  R13: 'Invalid ACH routing number',
  R14: 'Representative payee deceased or unable to continue',
  R15: 'Beneficiary or account holder deceased',
  R16: 'Account frozen, or returned per OFAC instruction',
  R17: 'File record edit criteria, or initiated under questionable circumstances',
  R18: 'Improper effective entry date',
  R19: 'Amount field error',
  R20: 'Non-transaction account',
  R21: 'Invalid company identification',
  R22: 'Invalid individual ID number',
  R23: 'Credit entry refused by the receiver',
  R24: 'Duplicate entry',
  R25: 'Addenda error',
  R26: 'Mandatory field error',
  R27: 'Trace number error',
  R28: 'Routing number check digit error',
  R29: 'Corporate customer advises not authorized',
  R30: 'Receiving bank not a participant in check truncation',
  R31: 'Permissible return entry (CCD and CTX only)',
  R32: 'Receiving bank non-settlement',
  R33: 'Return of an XCK entry',
  R34: 'Limited participation bank',
  R35: 'Return of an improper debit entry',
  R36: 'Return of an improper credit entry',
  R37: 'Source document presented for payment',
  R38: 'Stop payment on the source document',
  R39: 'Improper source document, or source document presented for payment',
  R40: 'Return of an ENR entry by a federal government agency',
  R41: 'Invalid transaction code (ENR)',
  R42: 'Routing number or check digit error (ENR)',
  R43: 'Invalid account number (ENR)',
  R44: 'Invalid individual ID number (ENR)',
  R45: 'Invalid individual or company name (ENR)',
  R46: 'Invalid representative payee indicator (ENR)',
  R47: 'Duplicate enrollment (ENR)',
  R50: 'State law affecting RCK acceptance',
  R51: 'Item related to an RCK entry ineligible, or RCK entry improper',
  R52: 'Stop payment on an item related to an RCK entry',
  R53: 'Item and RCK entry presented for payment',
  R61: 'Misrouted return',
  R62: 'Return of an erroneous or reversing debit',
  R67: 'Duplicate return',
  R68: 'Untimely return',
  R69: 'Field errors',
  R70: 'Permissible return entry not accepted, or return not requested',
  R71: 'Misrouted dishonored return',
  R72: 'Untimely dishonored return',
  R73: 'Timely original return',
  R74: 'Corrected return',
  R75: 'Return not a duplicate',
  R76: 'No errors found',
  R77: 'Non-acceptance of an R62 dishonored return',
  R80: 'IAT entry coding error',
  R81: 'Non-participant in the IAT program',
  R82: 'Invalid foreign receiving bank identification',
  R83: 'Foreign receiving bank unable to settle',
  R84: 'Entry not processed by the gateway',
  R85: 'Incorrectly coded outbound international payment',
} as const satisfies Record<string, string>;

/** NACHA notification-of-change codes (addenda type 98): what the receiving bank corrected. */
export const NACHA_CHANGE_CODES = {
  C01: 'Incorrect account number',
  C02: 'Incorrect routing number',
  C03: 'Incorrect routing number and account number',
  C04: 'Incorrect individual or receiving company name',
  C05: 'Incorrect transaction code',
  C06: 'Incorrect account number and transaction code',
  C07: 'Incorrect routing number, account number and transaction code',
  C08: 'Incorrect receiving bank identification (IAT)',
  C09: 'Incorrect individual identification number',
  C10: 'Incorrect company name',
  C11: 'Incorrect company identification',
  C12: 'Incorrect company name and company identification',
  C13: 'Addenda format error',
  C14: 'Incorrect SEC code for an outbound international payment',
} as const satisfies Record<string, string>;

export type IsoReturnReason = keyof typeof ISO_RETURN_REASONS;
export type NachaReturnReason = keyof typeof NACHA_RETURN_REASONS;
export type NachaChangeCode = keyof typeof NACHA_CHANGE_CODES;

const has = <T extends object>(table: T, code: string): code is Extract<keyof T, string> => Object.hasOwn(table, code);

/** The meaning of a return code of either list, or undefined for a code neither declares. */
export function returnReasonMeaning(code: string): string | undefined {
  if (has(ISO_RETURN_REASONS, code)) return ISO_RETURN_REASONS[code];
  if (has(NACHA_RETURN_REASONS, code)) return NACHA_RETURN_REASONS[code];
  return undefined;
}

/**
 * A returned payout's `failureReason`: `AC04: Account closed`, the bank's own text after a NARR or an unlisted code
 * (`XY99: <text>`), always prefixed so a reader tells a return from a rejection.
 */
export function returnFailureReason(code: string, text?: string | null): string {
  const meaning = returnReasonMeaning(code);
  const said = code === 'NARR' && text ? text : [meaning, text].filter(Boolean).join('; ') || 'Returned by the bank';
  return `Returned by the bank after booking, ${code}: ${said}`;
}

/**
 * The return codes of a rail, by the reports its bank sends: the ISO 20022 ones on every rail (SEPA, SWIFT and
 * Fedwire report returns in camt.054), and NACHA's R-codes where returns also come as NACHA files (ACH).
 */
export function returnCodesFor(reports: readonly ReportFormat[]): string[] {
  const iso = Object.keys(ISO_RETURN_REASONS);
  return reports.includes('nacha-returns') ? [...iso, ...Object.keys(NACHA_RETURN_REASONS)] : iso;
}

/** NACHA's R-codes are not ISO codes: a camt.054 carries them as a proprietary reason (`Rsn/Prtry`). */
export const isNachaReturnCode = (code: string) => has(NACHA_RETURN_REASONS, code);
