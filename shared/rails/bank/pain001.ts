import { XMLBuilder } from 'fast-xml-parser';
import { toSepaIdentifier, toSepaText } from '#shared/rails/bank/characters.ts';
import {
  controlSum,
  type PaymentFile,
  PaymentFileSchema,
  type PayoutAccount,
  paymentInfoId,
} from '#shared/rails/bank/payment-file.ts';

/**
 * Customer credit transfer initiation, pain.001.001.09, one payment information block per file.
 *
 * - EUR: SEPA Credit Transfer as the EPC customer-to-bank guidelines restrict it (EPC132-08): service level SEPA,
 *   IBANs, charges SLEV, amounts with two places, names in the SEPA character set. Validated in the tests against
 *   the EPC's `pain.001.001.09.xsd`.
 * - USD: a domestic transfer, accounts as `Othr/Id` account numbers and agents by ABA routing number
 *   (`ClrSysMmbId`, `USABA`), charges SHAR.
 */
export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, indentBy: '  ' });

/** `2.5` -> `2.50`: amounts are written with exactly two places. */
export const twoPlaces = (amount: string) => controlSum([amount]);

function account(party: PayoutAccount) {
  return party.currency === 'EUR'
    ? { Id: { IBAN: party.iban } }
    : { Id: { Othr: { Id: toSepaIdentifier(party.accountNumber) } } };
}

function agent(party: PayoutAccount) {
  if (party.currency === 'USD') {
    return { FinInstnId: { ClrSysMmbId: { ClrSysId: { Cd: 'USABA' }, MmbId: party.routingNumber } } };
  }
  return party.bic ? { FinInstnId: { BICFI: party.bic } } : { FinInstnId: { Othr: { Id: 'NOTPROVIDED' } } };
}

export function writePain001(input: PaymentFile): string {
  const file = PaymentFileSchema.parse(input);
  const { currency } = file.debtor;
  const mismatched = file.payments.find((payment) => payment.creditor.currency !== currency);
  if (mismatched) throw new Error(`Payment ${mismatched.endToEndId} is not in the file's currency ${currency}`);
  const sum = controlSum(file.payments.map((payment) => payment.amount));
  const count = String(file.payments.length);
  const sepa = currency === 'EUR';
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
          InitgPty: { Nm: toSepaText(file.initiatingParty) },
        },
        PmtInf: {
          PmtInfId: paymentInfoId(file.messageId),
          PmtMtd: 'TRF',
          BtchBookg: 'false',
          NbOfTxs: count,
          CtrlSum: sum,
          PmtTpInf: { SvcLvl: { Cd: sepa ? 'SEPA' : 'NURG' } },
          ReqdExctnDt: { Dt: file.executionDate },
          Dbtr: { Nm: toSepaText(file.debtor.name) },
          DbtrAcct: account(file.debtor),
          DbtrAgt: agent(file.debtor),
          ChrgBr: sepa ? 'SLEV' : 'SHAR',
          CdtTrfTxInf: file.payments.map((payment) => ({
            PmtId: { InstrId: payment.endToEndId, EndToEndId: payment.endToEndId },
            Amt: { InstdAmt: { '@Ccy': currency, '#text': twoPlaces(payment.amount) } },
            ...(payment.creditor.currency === 'USD' || payment.creditor.bic
              ? { CdtrAgt: agent(payment.creditor) }
              : {}),
            Cdtr: { Nm: toSepaText(payment.creditor.name) },
            CdtrAcct: account(payment.creditor),
            RmtInf: { Ustrd: toSepaText(payment.remittance, 140) },
          })),
        },
      },
    },
  };
  return builder.build(document);
}
