import { isSEPACountry } from 'ibantools/jsnext/ibantools.js';
import type { BankCurrency, PaymentRail } from '#shared/banks/records.ts';
import type { BankArea } from '#shared/rails/bank/rail.ts';
import { bankRailsOf, domesticBankRail, railNamed } from '#shared/rails/bank/rails.ts';
import { isValidUsAccountNumber } from '#shared/validation/bank-accounts.ts';
import { isValidIban } from '#shared/validation/iban.ts';

/**
 * What a bank's rail asks of its registration, read from the rail (`shared/rails/bank/rail.ts`): the fields it
 * needs and refuses, its account identity, its area, and a structured address where its file carries one. A bank a
 * rail cannot pay is refused here, with a 400 naming the field, never discovered when its payout is batched. The
 * structured address a rail's file carries (street and building number, post code, town, country) is the bank's
 * address, required for third parties and the verified one for the customer's own (`create-bank.ts`).
 */

/** Whether a country's banks are in a rail's area (the SEPA scheme's countries, as the IBAN registry marks them). */
const IN_AREA: Record<BankArea, (country: string) => boolean> = { SEPA: isSEPACountry };

type RailBody = {
  currency?: BankCurrency | undefined;
  paymentRail?: PaymentRail | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
  accountNumber?: string | undefined;
};

/** The currency (EUR when left out, as before rails) and the rail, the currency's domestic one when left out. */
export function bankRailOfBody(body: Pick<RailBody, 'currency' | 'paymentRail'>) {
  const currency = body.currency ?? 'EUR';
  return { currency, paymentRail: body.paymentRail ?? domesticBankRail(currency) };
}

export function checkRailFields(body: RailBody, issue: (field: string, message: string) => void) {
  const { currency, paymentRail } = bankRailOfBody(body);
  const rails: readonly PaymentRail[] = bankRailsOf(currency);
  if (!rails.includes(paymentRail)) {
    issue('paymentRail', `Must be ${rails.join(' or ')} for ${currency} banks`);
    return;
  }
  const rail = railNamed(paymentRail);
  const given = body as Record<string, unknown>;
  for (const [what, fields] of Object.entries(rail.bankFields.refused)) {
    for (const field of fields) if (given[field] !== undefined) issue(field, `Not allowed for ${what} banks`);
  }
  for (const field of rail.bankFields.required) if (given[field] === undefined) issue(field, 'Required');
  const domestic = railNamed(domesticBankRail(currency));
  const bicCountry = body.bic?.slice(4, 6);
  if (paymentRail !== domestic.name && domestic.area && bicCountry && IN_AREA[domestic.area](bicCountry)) {
    issue(
      'paymentRail',
      `Must be ${domestic.name} for ${currency} banks in the ${domestic.area} area (the BIC's country is ${bicCountry})`,
    );
  }
  const eitherAccount = rail.account === 'IBAN_OR_ACCOUNT_NUMBER';
  if (eitherAccount && (body.accountNumber === undefined) === (body.iban === undefined)) {
    if (body.iban === undefined) issue('accountNumber', `Required for ${paymentRail} banks (or iban)`);
    else issue('iban', 'Not allowed together with accountNumber');
  }
  const account = body.accountNumber;
  if (account !== undefined && !isValidUsAccountNumber(account) && !(eitherAccount && isValidIban(account))) {
    issue('accountNumber', eitherAccount ? 'Must be 4 to 17 digits or an IBAN' : 'Must be 4 to 17 digits');
  }
}
