import type { IncomingCredit } from '#shared/bank-credits/credits-of-report.ts';
import type { PayerScreening } from '#shared/bank-credits/payer-screening.ts';
import { PLATFORM_QUEUE } from '#shared/bank-credits/records.ts';
import { payerNameFits, referenceCandidates } from '#shared/bank-credits/reference-match.ts';
import type { CustomerRecord } from '#shared/customers/records.ts';
import { getCustomer } from '#shared/customers/repository.ts';
import { readItem, readManyItems } from '#shared/db/items.ts';
import { keys } from '#shared/db/keys.ts';
import type { Deps } from '#shared/deps.ts';
import type { Organization } from '#shared/organizations/records.ts';
import { getOrganization } from '#shared/organizations/repository.ts';
import { getSandboxSettings } from '#shared/organizations/sandbox-settings.ts';
import { type DepositQuote, quoteDeposit } from '#shared/quotes/quote-deposit.ts';
import { needsReferenceRates, rateProviderFor } from '#shared/quotes/rates.ts';
import { getReferenceRates } from '#shared/quotes/reference-rate-repository.ts';
import { FEDWIRE, type RailName, SEPA, SWIFT } from '#shared/rails/bank/rail.ts';
import type { ReportAccount } from '#shared/rails/bank/reports.ts';
import type { DepositInstructions } from '#shared/transactions/schemas.ts';
import { listWalletsOfCustomer } from '#shared/wallets/repository.ts';

/**
 * What a credit becomes (shared/bank-credits/README.md, "Matching"): the account names the currency it takes and
 * the rail it came by, and for a virtual account its customer; otherwise the remittance's deposit reference names
 * the customer. The payer must fit the customer and pass screening, the currency be the account's, and the
 * on-ramp quote in force at booking buy USDC; else the credit waits in a suspense queue with the reason.
 */

export type Owner = { organization: Organization; customer: CustomerRecord };

export type Decision =
  | (Owner & { kind: 'credit'; quote: DepositQuote; instructions: DepositInstructions; rail: RailName | null })
  | { kind: 'suspense'; queue: string; owner: Owner | null; reason: string; rail: RailName | null };

type Receiving = {
  currency: string | null;
  rail: RailName | null;
  virtual?: { organizationId: string; customerId: string };
};

const owners = (item: Record<string, unknown>) => ({
  organizationId: String(item.organizationId),
  customerId: String(item.customerId),
  virtualAccountId: typeof item.virtualAccountId === 'string' ? item.virtualAccountId : undefined,
});

/**
 * A memo's read, marked handled: a read that fails rejects for every caller that awaits it, and one nobody awaits any
 * more (its report already failed) does not end the process as an unhandled rejection.
 */
function settled<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}

/** Lookups one report's credits share: every customer, organization and rate read once per report. */
export function creditLookups(deps: Deps) {
  const memo = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!memo.has(key)) memo.set(key, settled(read()));
    return memo.get(key) as Promise<T>;
  };
  return {
    customer: (organizationId: string, customerId: string) =>
      once(`c#${organizationId}#${customerId}`, () => getCustomer(deps.db, organizationId, customerId)),
    organization: (organizationId: string) =>
      once(`o#${organizationId}`, () => getOrganization(deps.db, organizationId)),
    sandbox: (organizationId: string) => once(`s#${organizationId}`, () => getSandboxSettings(deps.db, organizationId)),
    referenceRates: () => once('rates', () => getReferenceRates(deps.db)),
    /** Whether the customer has a destination wallet its on-ramp USDC may be sent on to. */
    hasDestinationWallet: (organizationId: string, customerId: string) =>
      once(`w#${organizationId}#${customerId}`, async () =>
        (await listWalletsOfCustomer(deps.db, organizationId, customerId)).some((w) => w.kind === 'DESTINATION'),
      ),
    virtualIban: (iban: string) => once(`v#${iban}`, () => readItem(deps.db, keys.virtualAccountIban(iban), owners)),
    /** The owners of deposit references, each read once, in batches (a report's candidates all at once). */
    references: (candidates: readonly string[]) => {
      const wanted = [...new Set(candidates)].filter((candidate) => !memo.has(`r#${candidate}`));
      const read = readManyItems(deps.db, wanted, keys.depositReference, owners);
      for (const ref of wanted) memo.set(`r#${ref}`, settled(read.then((found) => found.get(ref))));
      return Promise.all(
        candidates.map((ref) => memo.get(`r#${ref}`) as Promise<ReturnType<typeof owners> | undefined>),
      );
    },
  };
}
export type CreditLookups = ReturnType<typeof creditLookups>;

const sameAccount = (a: ReportAccount | null, iban: string | undefined, number: string | undefined) =>
  a !== null &&
  ('iban' in a ? iban !== undefined && a.iban.replace(/\s/g, '').toUpperCase() === iban : a.accountNumber === number);

/** The account the money was paid to: a platform receiving account, a customer's virtual account, or another one. */
async function receivingAccount(deps: Deps, lookups: CreditLookups, credit: IncomingCredit): Promise<Receiving> {
  const { eurAccount, usdAccount } = deps.config.deposits;
  for (const account of [credit.transfer.creditedAccount, credit.account]) {
    if (account && 'iban' in account) {
      const virtual = await lookups.virtualIban(account.iban.replace(/\s/g, '').toUpperCase());
      // An IBAN is claimed when its account opens (shared/deposits/README.md): it pays that customer, in either
      // currency a virtual account is opened for.
      if (virtual) return { currency: null, rail: SWIFT, virtual };
    }
  }
  if (sameAccount(credit.account, eurAccount?.iban, undefined)) return { currency: 'EUR', rail: SEPA };
  if (sameAccount(credit.account, undefined, usdAccount?.accountNumber)) return { currency: 'USD', rail: FEDWIRE };
  const rail = credit.currency === 'EUR' ? SEPA : credit.currency === 'USD' ? FEDWIRE : null;
  return { currency: null, rail };
}

export async function ownerOf(
  lookups: CreditLookups,
  organizationId: string,
  customerId: string,
): Promise<Owner | null> {
  const [organization, customer] = await Promise.all([
    lookups.organization(organizationId),
    lookups.customer(organizationId, customerId),
  ]);
  return organization && customer ? { organization, customer } : null;
}

/** The customer the remittance names, or why none. */
async function referencedOwner(lookups: CreditLookups, credit: IncomingCredit) {
  const candidates = referenceCandidates(credit.transfer.remittance);
  if (candidates.length === 0) return { reason: 'No deposit reference in the remittance information' };
  const found = (await lookups.references(candidates)).filter((owner) => owner !== undefined);
  const distinct = [...new Map(found.map((owner) => [`${owner.organizationId}#${owner.customerId}`, owner])).values()];
  const quoted = credit.transfer.remittance.join(' ').slice(0, 140);
  if (distinct.length === 0) return { reason: `Unknown deposit reference: "${quoted}"` };
  if (distinct.length > 1) return { reason: `The remittance names the references of ${distinct.length} customers` };
  const [only] = distinct;
  return only ? { only } : { reason: 'Unknown deposit reference' };
}

/** Why the customer may not be credited this money, if it may not. */
export async function refusal(owner: Owner, credit: IncomingCredit, screening: PayerScreening) {
  const { customer } = owner;
  if (!customer.enabled) return 'The customer is disabled';
  if (customer.kycStatus !== 'APPROVED') return `The customer's KYC is ${customer.kycStatus}, not APPROVED`;
  const payer = credit.transfer.payerName;
  if (!payer) return 'The payer is not named';
  const names = [customer.verifiedName, customer.name].filter((name): name is string => Boolean(name));
  if (!names.some((name) => payerNameFits(payer, name))) return `The payer "${payer}" is not the customer`;
  const payerAccount = credit.transfer.payerAccount;
  const screened = await screening.screenPayer({
    name: payer,
    account: payerAccount ? ('iban' in payerAccount ? payerAccount.iban : payerAccount.accountNumber) : null,
    bic: credit.transfer.payerBank.bic,
  });
  if (screened.hit) return `Sanctions screening: ${screened.reason}`;
  return undefined;
}

const FIAT = /^\d+(\.\d{1,2})?$/;

/** The on-ramp quote in force at booking (`shared/quotes/README.md`), or why there is none. */
export async function quoteAtBooking(
  deps: Deps,
  lookups: CreditLookups,
  owner: Owner,
  booked: { amount: string; currency: string; bookedAt: string },
): Promise<{ quote: DepositQuote } | { reason: string }> {
  const { currency, amount } = booked;
  if (currency !== 'EUR' && currency !== 'USD') return { reason: `${currency} is not converted to USDC` };
  if (!FIAT.test(amount)) return { reason: `${amount} has more than 2 decimal places` };
  const { organization } = owner;
  const [sandbox, reference] = await Promise.all([
    organization.environment === 'sandbox' ? lookups.sandbox(organization.organizationId) : undefined,
    needsReferenceRates(deps.config, organization) ? lookups.referenceRates() : undefined,
  ]);
  const at = new Date(booked.bookedAt);
  const rate = rateProviderFor(deps.config, { organization, sandbox, reference, now: at }).rateFor(currency);
  if (rate.unusable) return { reason: `No usable exchange rate at booking: ${rate.unusable}` };
  const developerSpreadFeeBps = owner.customer.developerSpreadFeeBps;
  try {
    return { quote: quoteDeposit({ payoutRate: rate.rate, developerSpreadFeeBps, sourceAmount: amount }) };
  } catch {
    return { reason: `${amount} ${currency} buys no USDC` };
  }
}

export async function matchCredit(
  deps: Deps,
  lookups: CreditLookups,
  credit: IncomingCredit,
  screening: PayerScreening,
): Promise<Decision> {
  const receiving = await receivingAccount(deps, lookups, credit);
  const rail = receiving.rail;
  const named = receiving.virtual ? { only: receiving.virtual } : await referencedOwner(lookups, credit);
  if (!('only' in named) || !named.only) {
    return { kind: 'suspense', queue: PLATFORM_QUEUE, owner: null, reason: named.reason ?? 'Unknown payer', rail };
  }
  const owner = await ownerOf(lookups, named.only.organizationId, named.only.customerId);
  if (!owner)
    return { kind: 'suspense', queue: PLATFORM_QUEUE, owner: null, reason: 'The customer no longer exists', rail };
  const suspense = (reason: string): Decision => ({
    kind: 'suspense',
    queue: owner.organization.organizationId,
    owner,
    reason,
    rail,
  });
  if (receiving.currency !== null && receiving.currency !== credit.currency) {
    return suspense(`The account takes ${receiving.currency}; the credit is in ${credit.currency}`);
  }
  const refused = await refusal(owner, credit, screening);
  if (refused) return suspense(refused);
  const quoted = await quoteAtBooking(deps, lookups, owner, credit);
  if ('reason' in quoted) return suspense(quoted.reason);
  const instructions: DepositInstructions = {
    accountType: receiving.virtual ? 'virtualAccount' : 'sharedAccount',
    reference: owner.customer.depositReference,
  };
  return { kind: 'credit', ...owner, quote: quoted.quote, instructions, rail };
}
