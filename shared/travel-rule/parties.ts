import { Decimal } from 'decimal.js';
import type { CustomerRecord } from '#shared/customers/records.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { IdentityPayload, LegalPerson, Person } from '#shared/travel-rule/ivms101.ts';

/**
 * The IVMS101 parties of our crypto legs, from what KYC holds. A customer is a natural person (individual) or a legal
 * person (corporate), named by its verified name (the name it gave before verification otherwise), with its address
 * and, as the national identification art. 14(1) allows in place of a document number or birth data, its customer
 * identification number. The organization is the provider (VASP) on our side, a legal person.
 */

const countryOf = (code: string) => code.toUpperCase().slice(0, 2);

export function customerPerson(customer: CustomerRecord): Person {
  const name = customer.verifiedName ?? customer.name;
  const address = customer.address;
  const geographicAddress = address
    ? [
        {
          addressType: customer.accountType === 'corporate' ? ('BIZZ' as const) : ('HOME' as const),
          addressLine: [address.addressLine1],
          postCode: address.postalCode,
          townName: address.city,
          country: countryOf(address.country),
        },
      ]
    : undefined;
  if (customer.accountType === 'corporate') {
    return {
      legalPerson: {
        name: { nameIdentifier: [{ legalPersonName: name, legalPersonNameIdentifierType: 'LEGL' }] },
        ...(geographicAddress ? { geographicAddress } : {}),
        customerNumber: customer.customerId,
        ...(address ? { countryOfRegistration: countryOf(address.country) } : {}),
      },
    };
  }
  const parts = name.trim().split(/\s+/);
  const primary = parts.length > 1 ? (parts.at(-1) ?? name) : name;
  const secondary = parts.length > 1 ? parts.slice(0, -1).join(' ') : undefined;
  return {
    naturalPerson: {
      name: {
        nameIdentifier: [
          {
            primaryIdentifier: primary,
            ...(secondary ? { secondaryIdentifier: secondary } : {}),
            nameIdentifierType: 'LEGL',
          },
        ],
      },
      ...(geographicAddress ? { geographicAddress } : {}),
      customerIdentification: customer.customerId,
      ...(address ? { countryOfResidence: countryOf(address.country) } : {}),
    },
  };
}

/**
 * Above this EUR value a send to a self-hosted address waits for the customer's proof of control: the threshold of
 * the EU Transfer of Funds Regulation 2023/1113 art. 14(5), fixed by law rather than configured.
 */
export const SELF_HOSTED_PROOF_ABOVE_EUR = '1000';

/** A leg's USDC in EUR at the configured rate (cents, rounded up: the threshold is never undercut). */
export const eurValueOf = (deps: Pick<Deps, 'config'>, usdc: string): string =>
  new Decimal(usdc).times(deps.config.withdrawals.exchangeRates.EUR).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(2);

export const organizationVasp = (
  organization: Pick<Organization, 'organizationId' | 'name'>,
): { legalPerson: LegalPerson } => ({
  legalPerson: {
    name: { nameIdentifier: [{ legalPersonName: organization.name, legalPersonNameIdentifierType: 'LEGL' }] },
    customerNumber: organization.organizationId,
  },
});

/**
 * An on-ramp send: the customer paid fiat and receives the USDC at its own address, so it is originator and
 * beneficiary both; the originator's account is the one it paid from (its deposit reference at our receiving account,
 * the only identifier a bank credit gives us), the beneficiary's the destination address.
 */
export function onRampPayload(
  customer: CustomerRecord,
  organization: Pick<Organization, 'organizationId' | 'name'>,
  destination: string,
  beneficiaryVasp?: { legalPerson: LegalPerson },
): IdentityPayload {
  const person = customerPerson(customer);
  return {
    originator: { originatorPersons: [person], accountNumber: [customer.depositReference] },
    beneficiary: { beneficiaryPersons: [person], accountNumber: [destination] },
    originatingVASP: organizationVasp(organization),
    ...(beneficiaryVasp ? { beneficiaryVASP: beneficiaryVasp } : {}),
  };
}
