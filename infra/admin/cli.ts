/**
 * The operator CLI (`npm run admin -- <command>`), standing in for the organization dashboard. It talks to
 * the same table as the API and prints JSON. Exit codes: 0 done, 1 failed, 2 usage error.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConnectionError, resolveConnection } from '#infra/admin/connection.ts';
import { decideBankById } from '#shared/banks/decide-bank-by-id.ts';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { type EurReceivingAccount, EurReceivingAccountSchema } from '#shared/config/receiving-banks.ts';
import { createOwnerInvite } from '#shared/console/create-owner-invite.ts';
import { decideAsOperator } from '#shared/console/decide-as-operator.ts';
import { verifySignatures } from '#shared/console/verify-signatures.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';
import { createDb, type Db } from '#shared/db/client.ts';
import { decideVirtualAccountById } from '#shared/deposits/decide-virtual-account-by-id.ts';
import { HttpError } from '#shared/errors.ts';
import { CHAINS, type Chain, ChainSchema } from '#shared/money/chains.ts';
import { createApiKey, createOrganization } from '#shared/organizations/organization-admin.ts';
import { MAX_FX_SPREAD_BPS } from '#shared/organizations/records.ts';
import {
  ApiKeyNotFoundError,
  getOrganization,
  listApiKeysOfOrganization,
  OrganizationNotFoundError,
  revokeApiKey,
  updateOrganization,
} from '#shared/organizations/repository.ts';
import { debtorUnfit } from '#shared/payouts/payout-rail.ts';
import { EurAccountSchema, UsdAccountSchema } from '#shared/rails/bank/payment-file.ts';
import { domesticRailOf } from '#shared/rails/bank/rails.ts';
import { indexOrganizationTransactions } from '#shared/transactions/index-organization-transactions.ts';
import { organizationOfTransaction } from '#shared/transactions/organization-of-transaction.ts';
import { isValidRoutingNumber } from '#shared/validation/bank-accounts.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { isValidIban } from '#shared/validation/iban.ts';
import * as z from '#shared/validation/zod.ts';
import { isUnholdableAddress, isValidAddress, toChecksumAddress } from '#shared/wallets/ethereum.ts';
import { indexOrganizationWallets } from '#shared/wallets/index-organization-wallets.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE = `Usage: npm run admin -- <command>

  org create --name <name> [--env sandbox|live] [--no-customers] [--no-api-withdrawals] [--approvals <n>]
  org update <organizationId> [--customers on|off] [--api-withdrawals on|off] [--allowance <limit>]
             [--allowance-reset-minutes <n>] [--approvals <n>] [--fx-spread-bps <0-1000>]
             [--eur-bank-name <name> --eur-iban <iban> --eur-bic <bic> [--eur-account-name <holder>]
              [--eur-account-address <text>] [--eur-bank-address <text>] | --eur-bank-reset]
             [--payout-accounts '{"EUR":{"name":..,"iban":..,"bic":..},"USD":{"name":..,"accountNumber":..,"routingNumber":..}}']
               (USD: "domesticRail":"FEDWIRE" with "address":{"street","buildingNumber","postCode","town","country"},
                or "ACH" with "achCompanyId" and optionally "achSameDay":true; see shared/rails/bank/README.md)
             [--treasury <chain>=<address> ...]   (custody: where that chain's deposit forwarders pay out)
             [--payee-when-not-possible confirm|proceed|default]  (a NOT_POSSIBLE payee check: a member confirms
               the bank, or it goes on as a match; default: the deployment's PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE)
  key create <organizationId>
  custody reconcile <organizationId>                  (per chain: credited = swept + awaiting sweep)
  key revoke <apiKeyId>
  key list <organizationId>
  bank approve <bankId>
  bank reject <bankId> [--reason <text>]
  withdrawal approve <transactionId> --as <email>      (recorded as the operator's: operator:<email>)
  withdrawal reject <transactionId> --as <email> [--reason <text>]
  withdrawal verify-signatures <transactionId>        (every console signature, verified again; exit 1 if one fails)
  withdrawal index <organizationId>                   (lists transactions stored before gsi3 in the console's view)
  wallet index <organizationId>                       (pages wallets stored before the wallet list was paged)
  console invite-owner <organizationId> --email <email> [--as <operator email>]
  virtual-account approve <virtualAccountId>
  virtual-account reject <virtualAccountId> [--reason <text>]

Connection: TABLE_NAME (AWS credentials, or DYNAMODB_ENDPOINT) if set, else DATA_DIR/local.json of \`npm start\`.`;

export class UsageError extends Error {}

const onOff = (name: string, value: string | undefined): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'on') return true;
  if (value === 'off') return false;
  throw new UsageError(`--${name} takes on or off`);
};

const positiveInt = (name: string, value: string | undefined, min = 1): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new UsageError(`--${name} takes a whole number >= ${min}`);
  return Number(value);
};

/** `--payee-when-not-possible`: the organization's own choice, or `default` to follow the deployment's again. */
const payeeWhenNotPossible = (value: string | undefined): 'confirm' | 'proceed' | null | undefined => {
  if (value === undefined) return undefined;
  if (value === 'default') return null;
  if (value === 'confirm' || value === 'proceed') return value;
  throw new UsageError('--payee-when-not-possible takes confirm, proceed or default');
};

const fxSpreadBps = (value: string | undefined): number | undefined => {
  const bps = positiveInt('fx-spread-bps', value, 0);
  if (bps !== undefined && bps > MAX_FX_SPREAD_BPS) {
    throw new UsageError(`--fx-spread-bps takes basis points from 0 to ${MAX_FX_SPREAD_BPS}`);
  }
  return bps;
};

/** A rejection's `--reason`: spaces folded, 1-500 characters. */
function reasonOf(value: string | undefined): string | undefined {
  const reason = value?.trim().replace(/\s+/g, ' ');
  if (reason !== undefined && (reason.length < 1 || reason.length > 500)) {
    throw new UsageError('--reason takes 1-500 characters');
  }
  return reason;
}

const decimal = (name: string, value: string | undefined): string | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}(\.\d{1,6})?$/.test(value)) throw new UsageError(`--${name} takes a decimal amount such as 10000.00`);
  return value;
};

function oneId(positionals: string[], what: string): string {
  const [id, ...rest] = positionals;
  if (!id || rest.length) throw new UsageError(`expected exactly one ${what}`);
  return id;
}

const EUR_BANK_OPTIONS = {
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
async function eurReceivingBank(
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
 * `--treasury <chain>=<address>` (repeatable): the organization's treasury on each chain, added to those set
 * before. Its key is the organization's own; only the address is stored (shared/custody/README.md).
 */
async function treasuries(db: Db, organizationId: string, given: string[] | undefined) {
  if (!given?.length) return undefined;
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw new OrganizationNotFoundError(`Organization ${organizationId} not found`);
  const next: Partial<Record<Chain, string>> = { ...organization.treasuries };
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
function payoutAccounts(value: string | undefined) {
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
  return parsed.data;
}

/**
 * The service configuration for use cases the CLI runs: the connection is the CLI's own; the environment supplies
 * only the settings of the area (the withdrawals' settlement delay, the virtual account issuer).
 */
const configWith = (db: Db) =>
  parseConfig({
    ...process.env,
    MAIL_DIR: process.env.MAIL_DIR ?? localMailDir(),
    TABLE_NAME: db.tableName,
    DYNAMODB_ENDPOINT: undefined,
  });

/** Against the local runtime (no TABLE_NAME), invitations are written where `npm start` writes them. */
const localMailDir = () =>
  process.env.TABLE_NAME ? undefined : join(resolve(process.env.DATA_DIR ?? '.data'), 'mail');

export async function run(argv: string[], db: () => Db): Promise<unknown> {
  const [area, action, ...rest] = argv;
  const command = `${area ?? ''} ${action ?? ''}`.trim();
  const parse = <const O extends NonNullable<ParseArgsConfig['options']>>(options: O) =>
    parseArgs({ args: rest, options, allowPositionals: true, strict: true });

  switch (command) {
    case 'org create': {
      const { values, positionals } = parse({
        name: { type: 'string' },
        env: { type: 'string' },
        'no-customers': { type: 'boolean' },
        'no-api-withdrawals': { type: 'boolean' },
        approvals: { type: 'string' },
      });
      if (positionals.length) throw new UsageError(`unexpected argument ${positionals[0]}`);
      const name = typeof values.name === 'string' ? values.name.trim() : '';
      if (!name || name.length > 140) throw new UsageError('--name is required (1-140 characters)');
      const environment = values.env ?? 'sandbox';
      if (environment !== 'sandbox' && environment !== 'live') throw new UsageError('--env takes sandbox or live');
      const created = await createOrganization(db(), systemClock, {
        name,
        environment,
        customers: !values['no-customers'],
        apiWithdrawals: !values['no-api-withdrawals'],
        requiredApprovals: positiveInt('approvals', values.approvals),
      });
      return { organizationId: created.organizationId, apiKeyId: created.apiKeyId, apiKey: created.apiKey };
    }
    case 'org update': {
      const { values, positionals } = parse({
        customers: { type: 'string' },
        'api-withdrawals': { type: 'string' },
        allowance: { type: 'string' },
        'allowance-reset-minutes': { type: 'string' },
        approvals: { type: 'string' },
        'fx-spread-bps': { type: 'string' },
        'payout-accounts': { type: 'string' },
        treasury: { type: 'string', multiple: true },
        'payee-when-not-possible': { type: 'string' },
        ...EUR_BANK_OPTIONS,
      });
      const organizationId = oneId(positionals, 'organization id');
      const changes = {
        customers: onOff('customers', values.customers),
        apiWithdrawals: onOff('api-withdrawals', values['api-withdrawals']),
        allowanceLimit: decimal('allowance', values.allowance),
        allowanceResetMinutes: positiveInt('allowance-reset-minutes', values['allowance-reset-minutes'], 0),
        requiredApprovals: positiveInt('approvals', values.approvals),
        fxSpreadBps: fxSpreadBps(values['fx-spread-bps']),
        payoutAccounts: payoutAccounts(values['payout-accounts']),
        payeeWhenNotPossible: payeeWhenNotPossible(values['payee-when-not-possible']),
        treasuries: await treasuries(db(), organizationId, values.treasury),
        // Last: the other flags' usage errors come before the read this one may need.
        eurReceivingBank: await eurReceivingBank(db(), organizationId, values),
      };
      if (Object.values(changes).every((v) => v === undefined)) throw new UsageError('nothing to update');
      return updateOrganization(db(), organizationId, changes, systemClock.now());
    }
    case 'custody reconcile': {
      const { positionals } = parse({});
      return reconcileCustody(
        { db: db(), clock: systemClock, config: configWith(db()) },
        oneId(positionals, 'organization id'),
      );
    }
    case 'key create': {
      const { positionals } = parse({});
      return createApiKey(db(), systemClock, oneId(positionals, 'organization id'));
    }
    case 'key revoke': {
      const { positionals } = parse({});
      const revoked = await revokeApiKey(db(), oneId(positionals, 'API key id'), systemClock.now());
      return { apiKeyId: revoked.apiKeyId, status: revoked.status, revokedAt: revoked.revokedAt };
    }
    case 'key list': {
      const { positionals } = parse({});
      const list = await listApiKeysOfOrganization(db(), oneId(positionals, 'organization id'));
      return list.map(({ keyHash: _hash, ...key }) => key);
    }
    case 'bank approve': {
      const { positionals } = parse({});
      return decideBankById({ db: db(), clock: systemClock }, { bankId: oneId(positionals, 'bank id'), to: 'ACTIVE' });
    }
    case 'bank reject': {
      const { values, positionals } = parse({ reason: { type: 'string' } });
      return decideBankById(
        { db: db(), clock: systemClock },
        { bankId: oneId(positionals, 'bank id'), to: 'REJECTED', reason: reasonOf(values.reason) },
      );
    }
    case 'withdrawal approve':
    case 'withdrawal reject': {
      const { values, positionals } = parse({ as: { type: 'string' }, reason: { type: 'string' } });
      const transactionId = oneId(positionals, 'transaction id');
      const approver = EmailSchema.safeParse(values.as ?? '');
      if (!approver.success) throw new UsageError('--as takes the approver e-mail');
      const deps = { db: db(), clock: systemClock, config: configWith(db()) };
      return decideAsOperator(deps, {
        transactionId,
        operator: approver.data,
        decision: action === 'approve' ? 'approve' : 'reject',
        reason: values.reason,
      });
    }
    case 'withdrawal verify-signatures': {
      const { positionals } = parse({});
      const transactionId = oneId(positionals, 'transaction id');
      const deps = { db: db(), clock: systemClock, config: configWith(db()) };
      const organization = await organizationOfTransaction(deps, transactionId);
      const result = await verifySignatures(deps, { organizationId: organization.organizationId, transactionId });
      if (!result.allValid) process.exitCode = 1;
      return result;
    }
    case 'withdrawal index': {
      const { positionals } = parse({});
      return indexOrganizationTransactions(db(), oneId(positionals, 'organization id'));
    }
    case 'wallet index':
      return indexOrganizationWallets(db(), oneId(parse({}).positionals, 'organization id'));
    case 'console invite-owner': {
      const { values, positionals } = parse({ email: { type: 'string' }, as: { type: 'string' } });
      const organizationId = oneId(positionals, 'organization id');
      const email = EmailSchema.safeParse(values.email ?? '');
      if (!email.success) throw new UsageError('--email takes the owner e-mail');
      const operator = EmailSchema.safeParse(values.as ?? 'operator@payouts.dev');
      if (!operator.success) throw new UsageError('--as takes the operator e-mail');
      const deps = { db: db(), clock: systemClock, config: configWith(db()) };
      return createOwnerInvite(deps, { organizationId, email: email.data, operator: operator.data });
    }
    case 'virtual-account approve':
    case 'virtual-account reject': {
      const { values, positionals } = parse({ reason: { type: 'string' } });
      if (action === 'approve' && values.reason !== undefined) throw new UsageError('--reason goes with reject');
      return decideVirtualAccountById(
        { db: db(), clock: systemClock, config: configWith(db()) },
        {
          virtualAccountId: oneId(positionals, 'virtual account id'),
          to: action === 'reject' ? 'REJECTED' : 'ACTIVE',
          reason: reasonOf(values.reason),
        },
      );
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : 'no command given');
  }
}

async function main() {
  let database: Db | undefined;
  const db = () => {
    if (!database) {
      const connection = resolveConnection(process.env);
      database = createDb({
        tableName: connection.tableName,
        region: connection.region,
        dynamodbEndpoint: connection.dynamodbEndpoint,
      });
    }
    return database;
  };
  try {
    const result = await run(process.argv.slice(2), db);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } catch (error) {
    const usage = error instanceof UsageError || (error instanceof TypeError && 'code' in error);
    const known =
      usage ||
      error instanceof ConnectionError ||
      error instanceof OrganizationNotFoundError ||
      error instanceof ApiKeyNotFoundError ||
      error instanceof HttpError;
    const message = error instanceof Error ? error.message : String(error);
    const refused = (error as { code?: string }).code === 'ECONNREFUSED';
    process.stderr.write(
      `${JSON.stringify({ error: refused ? 'Cannot reach the database: is `npm start` running?' : known ? message : `Failed: ${message}` })}\n`,
    );
    if (usage) process.stderr.write(`\n${USAGE}\n`);
    process.exitCode = usage ? 2 : 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
