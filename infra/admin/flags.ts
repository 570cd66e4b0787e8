import { userInfo } from 'node:os';
import { type EurReceivingAccount, EurReceivingAccountSchema } from '#shared/config/receiving-banks.ts';
import type { Db } from '#shared/db/client.ts';
import { CHAINS, type Chain, ChainSchema } from '#shared/money/chains.ts';
import {
  KYC_PROVIDER_NAMES,
  type KycProviderName,
  KycProviderNameSchema,
} from '#shared/organizations/kyc-providers.ts';
import { MAX_FX_SPREAD_BPS } from '#shared/organizations/records.ts';
import { getOrganization, OrganizationNotFoundError } from '#shared/organizations/repository.ts';
import { debtorUnfit } from '#shared/payouts/payout-rail.ts';
import { EurAccountSchema, UsdAccountSchema } from '#shared/rails/bank/payment-file.ts';
import { domesticRailOf } from '#shared/rails/bank/rails.ts';
import { isValidRoutingNumber } from '#shared/validation/bank-accounts.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { isValidIban } from '#shared/validation/iban.ts';
import * as z from '#shared/validation/zod.ts';
import { isUnholdableAddress, isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';

/**
 * The admin CLI's flags, parsed and checked before anything is read or written: a wrong flag is a `UsageError`
 * (exit code 2, with the usage), never a half-made change.
 */
export class UsageError extends Error {}

export const onOff = (name: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--${name} takes on or off`);
};

export const positiveInt = (name: string, value: string | undefined, min = 1): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} takes a whole number >= ${min}`);
  return Number(value);
};

/** `--kyc-provider`: the provider that verifies the organization's customers, or `none` (its own reviewers). */
export const kycProvider = (value: string | undefined): KycProviderName | null | undefined => {
  if (value === undefined) return undefined;
  if (value === 'none') return null;
  const parsed = KycProviderNameSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UsageError(`--kyc-provider takes ${KYC_PROVIDER_NAMES.join(', ')} or none`);
};

/** `--payee-when-not-possible`: the organization's own choice, or `default` to follow the deployment's again. */
export const payeeWhenNotPossible = (value: string | undefined): 'confirm' | 'proceed' | null | undefined => {
  if (value === undefined) return undefined;
  if (value === 'default') return null;
  if (value === 'confirm' || value === 'proceed') return value;
  throw new UsageError('--payee-when-not-possible takes confirm, proceed or default');
};

export const fxSpreadBps = (value: string | undefined): number | undefined => {
  const bps = positiveInt('fx-spread-bps', value, 0);
  if (bps !== undefined && bps > MAX_FX_SPREAD_BPS) {
    throw new UsageError(`--fx-spread-bps takes basis points from 0 to ${MAX_FX_SPREAD_BPS}`);
  }
  return bps;
};

const userRunningTheCli = () => {
  try {
    return userInfo().username;
  } catch {
    return process.env.USER ?? process.env.LOGNAME ?? '';
  }
};

/** Whom the changes are audited as (`operator:<name>`): `--as`, else the user running the CLI. */
export function operatorOf(value: string | undefined): string {
  const operator = (value ?? userRunningTheCli()).trim().toLowerCase();
  if (!/^[a-z0-9._@+-]{1,254}$/.test(operator)) {
    throw new UsageError('--as takes the operator making the change (an e-mail or a user name)');
  }
  return operator;
}

/** Whom an operator's withdrawal decision is recorded as (`operator:<email>`): `--as`, an e-mail, required. */
export function approverOf(value: string | undefined): string {
  const approver = EmailSchema.safeParse(value ?? '');
  if (!approver.success) throw new UsageError('--as takes the approver e-mail');
  return approver.data;
}

/** A rejection's `--reason`: spaces folded, 1-500 characters. */
export function reasonOf(value: string | undefined): string | undefined {
  const reason = value?.trim().replace(/\s+/g, ' ');
  if (reason !== undefined && (reason.length < 1 || reason.length > 500)) {
    throw new UsageError('--reason takes 1-500 characters');
  }
  return reason;
}

export const decimal = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(value)) throw new UsageError(`--${name} takes a decimal amount such as 10000.00`);
  return value;
};

export function oneId(positionals: string[], what: string): string {
  const [id, ...rest] = positionals;
  if (!id || rest.length) throw new UsageError(`expected exactly one ${what}`);
  return id;
}

export const EUR_BANK_OPTIONS = {
  'eur-bank-name': { type: 'string' },
  'eur-iban': { type: 'string' },
  'eur-bic': { type: 'string' },
  'eur-account-name': { type: 'string' },
  'eur-account-address': { type: 'string' },
  'eur-bank-address': { type: 'string' },
  'eur-bank-reset': { type: 'boolean' },
} as const;

/**
 * The organization's own EUR receiving account for deposit details, from the `--eur-*` flags: validated like a
 * withdrawal bank; the account holder defaults to the organization's name. `--eur-bank-reset` returns to the
 * platform's account.
 */
export async function eurReceivingBank(
  db: Db,
  organizationId: string,
  values: Partial<Record<keyof typeof EUR_BANK_OPTIONS, string | boolean>>,
): Promise<EurReceivingAccount | null | undefined> {
  const text = (name: keyof typeof EUR_BANK_OPTIONS) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  const names = Object.keys(EUR_BANK_OPTIONS) as (keyof typeof EUR_BANK_OPTIONS)[];
  const given = names.filter((name) => text(name) !== undefined);
  if (values['eur-bank-reset']) {
    if (given.length) throw new UsageError('--eur-bank-reset takes no other --eur-* option');
    return null;
  }
  if (!given.length) return undefined;
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
  const parsed = EurReceivingAccountSchema.safeParse(
    {
      accountName: text('eur-account-name') ?? organization.name,
      accountAddress: text('eur-account-address') ?? null,
      iban: text('eur-iban'),
      bic: text('eur-bic'),
      bankName: text('eur-bank-name'),
      bankAddress: text('eur-bank-address') ?? null,
    },
    { reportInput: true },
  );
  if (parsed.success) return parsed.data;
  const [issue] = parsed.error.issues;
  const flag = `eur-${String(issue?.path[0] ?? '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  throw new UsageError(`--${flag}: ${issue?.input === undefined ? 'Required' : (issue?.message ?? 'Invalid')}`);
}

/**
 * `--treasury <chain>=<address>` (repeatable): the organization's treasury on each chain given, added to those set
 * before. Its key is the organization's own; only the address is stored (shared/custody/README.md).
 */
export function treasuries(given: string[] | undefined) {
  if (!given?.length) return undefined;
  const next: Partial<Record<Chain, string>> = {};
  for (const entry of given) {
    const [chain = '', address = '', ...extra] = entry.split('=');
    const parsedChain = ChainSchema.safeParse(chain.trim().toLowerCase());
    if (!parsedChain.success || extra.length)
      throw new UsageError(`--treasury takes <chain>=<address> with a chain of: ${CHAINS.join(', ')}`);
    if (!isValidAddress(address) || isUnholdableAddress(address)) {
      throw new UsageError(`--treasury ${chain}: not an Ethereum address that can hold funds`);
    }
    next[parsedChain.data] = toChecksumAddress(address);
  }
  return next;
}

/** `--payout-accounts`: the debtor accounts of the organization's payment files, per currency, as JSON. */
export function payoutAccounts(value: string | undefined) {
  if (value === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new UsageError('--payout-accounts takes JSON: {"EUR":{"name":..,"iban":..,"bic":..},"USD":{...}}');
  }
  const withCurrency = (currency: 'EUR' | 'USD') => {
    const account = (json as Record<string, unknown> | null)?.[currency];
    return account && typeof account === 'object'
      ? { ...account, currency, bic: 'bic' in account ? account.bic : null }
      : undefined;
  };
  // The debtor accounts pass the same IBAN and routing number validators as every bank account of the service.
  const parsed = z
    .strictObject({
      EUR: z.optional(
        EurAccountSchema.check(
          z.refine((account) => isValidIban(account.iban), { error: 'Invalid IBAN', path: ['iban'] }),
        ),
      ),
      USD: z.optional(
        UsdAccountSchema.check(
          z.refine((account) => isValidRoutingNumber(account.routingNumber), {
            error: 'Invalid routing number',
            path: ['routingNumber'],
          }),
        ),
      ),
    })
    .safeParse({ EUR: withCurrency('EUR'), USD: withCurrency('USD') });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new UsageError(`--payout-accounts: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  // What the account's rails need of it (a Fedwire debtor's address, an ACH company id), as the batcher checks it.
  for (const account of [parsed.data.EUR, parsed.data.USD]) {
    const rail = account && domesticRailOf(account);
    const unfit = account && rail && debtorUnfit(rail, account);
    if (account && unfit)
      throw new UsageError(`--payout-accounts: ${account.currency}: ${rail} needs it, but ${unfit}`);
  }
  // Only the currencies given: they are merged into those set before.
  return Object.fromEntries(Object.entries(parsed.data).filter(([, account]) => account)) as typeof parsed.data;
}
