/**
 * The operator CLI (`npm run admin -- <command>`), standing in for the organization dashboard. It talks to
 * the same table as the API and prints JSON. Exit codes: 0 done, 1 failed, 2 usage error.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConnectionError, resolveConnection } from '#infra/admin/connection.ts';
import {
  decimal,
  EUR_BANK_OPTIONS,
  eurReceivingBank,
  fxSpreadBps,
  oneId,
  onOff,
  operatorOf,
  payeeWhenNotPossible,
  payoutAccounts,
  positiveInt,
  reasonOf,
  treasuries,
  UsageError,
} from '#infra/admin/flags.ts';
import { decideBankById } from '#shared/banks/decide-bank-by-id.ts';
import { systemClock } from '#shared/clock.ts';
import { parseConfig } from '#shared/config/env.ts';
import { changeOrganizationAsOperator } from '#shared/console/change-organization-as-operator.ts';
import { createApiKeyAsOperator } from '#shared/console/create-api-key.ts';
import { createOwnerInvite } from '#shared/console/create-owner-invite.ts';
import { decideAsOperator } from '#shared/console/decide-as-operator.ts';
import { revokeApiKeyAsOperator } from '#shared/console/revoke-api-key.ts';
import { verifySignatures } from '#shared/console/verify-signatures.ts';
import { reconcileCustody } from '#shared/custody/reconcile.ts';
import { createDb, type Db } from '#shared/db/client.ts';
import { decideVirtualAccountById } from '#shared/deposits/decide-virtual-account-by-id.ts';
import { HttpError } from '#shared/errors.ts';
import { createOrganization } from '#shared/organizations/organization-admin.ts';
import {
  ApiKeyNotFoundError,
  listApiKeysOfOrganization,
  OrganizationChangedError,
  OrganizationNotFoundError,
} from '#shared/organizations/repository.ts';
import { indexOrganizationTransactions } from '#shared/transactions/index-organization-transactions.ts';
import { organizationOfTransaction } from '#shared/transactions/organization-of-transaction.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import { indexOrganizationWallets } from '#shared/wallets/index-organization-wallets.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const USAGE = `Usage: npm run admin -- <command>

  org create --name <name> [--env sandbox|live] [--no-customers] [--no-api-withdrawals] [--approvals <n>]
  org update <organizationId> [--customers on|off] [--api-withdrawals on|off] [--allowance <limit>]
             [--allowance-reset-minutes <n>] [--approvals <n>] [--fx-spread-bps <0-1000>]
             [--eur-bank-name <name> --eur-iban <iban> --eur-bic <bic> [--eur-account-name <holder>]
              [--eur-account-address <text>] [--eur-bank-address <text>] | --eur-bank-reset]
             [--payout-accounts '{"EUR":{"name":..,"iban":..,"bic":..},"USD":{"name":..,"accountNumber":..,"routingNumber":..}}'
              [--payout-accounts-replace]]
               (USD: "domesticRail":"FEDWIRE" with "address":{"street","buildingNumber","postCode","town","country"},
                or "ACH" with "achCompanyId" and optionally "achSameDay":true; see shared/rails/bank/README.md;
                the currencies given replace theirs, the others stay, unless --payout-accounts-replace)
             [--treasury <chain>=<address> ...]   (custody: where that chain's deposit forwarders pay out)
             [--payee-when-not-possible confirm|proceed|default]  (a NOT_POSSIBLE payee check: a member confirms
               the bank, or it goes on as a match; default: the deployment's PAYEE_VERIFICATION_WHEN_NOT_POSSIBLE)
             [--as <operator>]   (org update, key create and key revoke are audited as the operator's: --as,
               else the user running the CLI)
  key create <organizationId> [--as <operator>]
  custody reconcile <organizationId>                  (per chain: credited = swept + awaiting sweep)
  key revoke <apiKeyId> [--as <operator>]
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

export { UsageError } from '#infra/admin/flags.ts';

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
        'payout-accounts-replace': { type: 'boolean' },
        treasury: { type: 'string', multiple: true },
        'payee-when-not-possible': { type: 'string' },
        as: { type: 'string' },
        ...EUR_BANK_OPTIONS,
      });
      const organizationId = oneId(positionals, 'organization id');
      const operator = operatorOf(values.as);
      if (values['payout-accounts-replace'] && values['payout-accounts'] === undefined) {
        throw new UsageError('--payout-accounts-replace goes with --payout-accounts');
      }
      const changes = {
        customers: onOff('customers', values.customers),
        apiWithdrawals: onOff('api-withdrawals', values['api-withdrawals']),
        allowanceLimit: decimal('allowance', values.allowance),
        allowanceResetMinutes: positiveInt('allowance-reset-minutes', values['allowance-reset-minutes'], 0),
        requiredApprovals: positiveInt('approvals', values.approvals),
        fxSpreadBps: fxSpreadBps(values['fx-spread-bps']),
        payoutAccounts: payoutAccounts(values['payout-accounts']),
        payeeWhenNotPossible: payeeWhenNotPossible(values['payee-when-not-possible']),
        treasuries: treasuries(values.treasury),
        // Last: the other flags' usage errors come before the read this one may need.
        eurReceivingBank: await eurReceivingBank(db(), organizationId, values),
      };
      if (Object.values(changes).every((v) => v === undefined)) throw new UsageError('nothing to update');
      return changeOrganizationAsOperator(
        { db: db(), clock: systemClock },
        {
          organizationId,
          operator,
          changes: { ...changes, replacePayoutAccounts: values['payout-accounts-replace'] === true },
        },
      );
    }
    case 'custody reconcile': {
      const { positionals } = parse({});
      return reconcileCustody(
        { db: db(), clock: systemClock, config: configWith(db()) },
        oneId(positionals, 'organization id'),
      );
    }
    case 'key create': {
      const { values, positionals } = parse({ as: { type: 'string' } });
      const created = await createApiKeyAsOperator(
        { db: db(), clock: systemClock },
        { organizationId: oneId(positionals, 'organization id'), operator: operatorOf(values.as) },
      );
      return { apiKeyId: created.id, apiKey: created.apiKey };
    }
    case 'key revoke': {
      const { values, positionals } = parse({ as: { type: 'string' } });
      const revoked = await revokeApiKeyAsOperator(
        { db: db(), clock: systemClock },
        { apiKeyId: oneId(positionals, 'API key id'), operator: operatorOf(values.as) },
      );
      return { apiKeyId: revoked.id, status: revoked.status, revokedAt: revoked.revokedAt };
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
      error instanceof OrganizationChangedError ||
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
