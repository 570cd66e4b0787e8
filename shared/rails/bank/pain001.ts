import { XMLBuilder } from 'fast-xml-parser';
import { toPartyName, toSepaIdentifier, toSepaText } from '#shared/rails/bank/characters.ts';
import {
  type Creditor,
  controlSum,
  type PaymentFile,
  PaymentFileSchema,
  type PayoutAccount,
  type PostalAddress,
  paymentInfoId,
  UnwritablePaymentError,
} from '#shared/rails/bank/payment-file.ts';
import type { BankRail, RailFileWriter } from '#shared/rails/bank/rail.ts';

/**
 * Customer credit transfer initiation, pain.001.001.09, one payment information block per file, in the profile of
 * the rail that writes it (each rail's `file.ts`; the currencies, account identity and structured addresses are its
 * `BankRail`'s):
 *
 * - SEPA (and SEPA Instant, local instrument `INST`): as the EPC customer-to-bank guidelines restrict it (EPC132-08):
 *   service level SEPA, IBANs, charges SLEV, amounts with two places, names in the SEPA character set. Validated in
 *   the tests against the EPC's `pain.001.001.09.xsd`.
 * - SWIFT: cross-border, creditor agent by BIC, creditor account by IBAN or as `Othr/Id`, structured creditor address,
 *   charges SHAR.
 * - Fedwire: accounts as `Othr/Id` and agents by ABA routing number (`ClrSysMmbId`, `USABA`), service level URGP,
 *   structured addresses for debtor and creditor, charges SHAR.
 *
 * SWIFT and Fedwire files are validated in the tests against ISO 20022's unrestricted `pain.001.001.09.xsd`.
 */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

export type Pain001Profile = {
  /**
   * The rail whose file this is: its currencies, its account identity (the creditor's account as an IBAN, an IBAN or
   * else `Othr/Id`, or `Othr/Id` alone) and the parties carrying a structured address (refused without one).
   */
  rail: Pick<BankRail, 'currencies' | 'account' | 'structuredAddress'>;
  serviceLevel: 'SEPA' | 'URGP' | 'NURG';
  localInstrument: 'INST' | null;
  chargeBearer: 'SLEV' | 'SHAR';
  /** How the creditor's bank is named: by BIC when known, always by BIC, by ABA routing number. */
  creditorAgent: 'BIC_IF_KNOWN' | 'BIC' | 'ABA';
};

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ' });

/** `2.5` -> `2.50`: amounts are written with exactly two places. */
export const twoPlaces = (amount: string) => controlSum([amount]);

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '') throw new UnwritablePaymentError(`${what} is required`);
  return value;
}

function postalAddress(address: PostalAddress) {
  return {
    StrtNm: toSepaText(address.street, 70),
    ...(address.buildingNumber ? { BldgNb: toSepaText(address.buildingNumber, 16) } : {}),
    ...(address.postCode ? { PstCd: toSepaText(address.postCode, 16) } : {}),
    TwnNm: toSepaText(address.town, 35),
    Ctry: address.country,
  };
}

function debtorAccount(debtor: PayoutAccount) {
  return debtor.currency === 'EUR'
    ? { Id: { IBAN: debtor.iban } }
    : { Id: { Othr: { Id: toSepaIdentifier(debtor.accountNumber) } } };
}

function debtorAgent(debtor: PayoutAccount) {
  if (debtor.currency === 'USD') {
    return { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: debtor.routingNumber } } };
  }
  return debtor.bic ? { FinInstnId: { BICFI: debtor.bic } } : { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };
}

function creditorAccount(creditor: Creditor, profile: Pain001Profile) {
  if (profile.rail.account === 'ACCOUNT_NUMBER') {
    return { Id: { Othr: { Id: toSepaIdentifier(required(creditor.accountNumber, 'creditor.accountNumber')) } } };
  }
  if (creditor.iban) return { Id: { IBAN: creditor.iban } };
  if (profile.rail.account === 'IBAN') required(null, 'creditor.iban');
  return { Id: { Othr: { Id: toSepaIdentifier(required(creditor.accountNumber, 'creditor.accountNumber or iban')) } } };
}

function creditorAgent(creditor: Creditor, profile: Pain001Profile) {
  if (profile.creditorAgent === 'ABA') {
    const routing = required(creditor.routingNumber, 'creditor.routingNumber');
    return { CdtrAgt: { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: routing } } } };
  }
  if (profile.creditorAgent === 'BIC')
    return { CdtrAgt: { FinInstnId: { BICFI: required(creditor.bic, 'creditor.bic') } } };
  return creditor.bic ? { CdtrAgt: { FinInstnId: { BICFI: creditor.bic } } } : {};
}

function party(name: string, address: PostalAddress | null | undefined, structured: boolean, role: string) {
  return {
    Nm: toPartyName(name),
    ...(structured ? { PstlAdr: postalAddress(required(address, `${role}.address`)) } : {}),
  };
}

export function writePain001(input: PaymentFile, profile: Pain001Profile): string {
  const file = PaymentFileSchema.parse(input);
  const { currency } = file.debtor;
  const { currencies, structuredAddress } = profile.rail;
  if (!currencies.includes(currency)) {
    throw new UnwritablePaymentError(`This file carries ${currencies.join(' or ')}, not ${currency}`);
  }
  const sum = controlSum(file.payments.map((payment) => payment.amount));
  const count = String(file.payments.length);
  const document = {
    '?xml': { '@version': '1.0', '@encoding': 'UTF-8' },
    Document: {
      '@xmlns': PAIN_001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: file.messageId,
          CreDtTm: new Date(file.createdAt).toISOString(),
          NbOfTxs: count,
          CtrlSum: sum,
          InitgPty: { Nm: toPartyName(file.initiatingParty) },
        },
        PmtInf: {
          PmtInfId: paymentInfoId(file.messageId),
          PmtMtd: 'TRF',
          BtchBookg: 'false',
          NbOfTxs: count,
          CtrlSum: sum,
          PmtTpInf: {
            SvcLvl: { Cd: profile.serviceLevel },
            ...(profile.localInstrument ? { LclInstrm: { Cd: profile.localInstrument } } : {}),
          },
          ReqdExctnDt: { Dt: file.executionDate },
          Dbtr: party(file.debtor.name, file.debtor.address, structuredAddress.debtor, 'debtor'),
          DbtrAcct: debtorAccount(file.debtor),
          DbtrAgt: debtorAgent(file.debtor),
          ChrgBr: profile.chargeBearer,
          CdtTrfTxInf: file.payments.map((payment) => ({
            PmtId: { InstrId: payment.endToEndId, EndToEndId: payment.endToEndId },
            Amt: { InstdAmt: { '@Ccy': currency, '#text': twoPlaces(payment.amount) } },
            ...creditorAgent(payment.creditor, profile),
            Cdtr: party(payment.creditor.name, payment.creditor.address, structuredAddress.creditor, 'creditor'),
            CdtrAcct: creditorAccount(payment.creditor, profile),
            RmtInf: { Ustrd: toSepaText(payment.remittance, 140) },
          })),
        },
      },
    },
  };
  return builder.build(document);
}

/** A rail's payment file writer in its pain.001 profile. */
export const pain001Writer =
  (profile: Pain001Profile): RailFileWriter =>
  (file) =>
    writePain001(file, profile);
