/**
 * `npm start`: the whole service on one machine, no AWS account, no Docker. DynamoDB Local persisted under
 * DATA_DIR, the table created if missing, a sandbox organization and key on first start, and the HTTP API
 * calling the very handler modules the Lambdas run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { buildConsole } from '#infra/console/build.ts';
import { chainIdentityPath, type LocalChains, startLocalChains } from '#infra/local/chain/local-chains.ts';
import { ensureSandboxTreasuries, type LocalCustody, startLocalCustody } from '#infra/local/custody.ts';
import { type DepositKeySource, resolveDepositXpub } from '#infra/local/deposit-key.ts';
import { type LocalDocumentStore, startLocalDocumentStore } from '#infra/local/document-store.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, type LocalDynamoDb, startDynamoDbLocal } from '#infra/local/dynamodb.ts';
import { kmsCredentialVariables } from '#infra/local/kms.ts';
import { type LocalKycProviders, startLocalKycProviders } from '#infra/local/kyc-providers.ts';
import { type LocalSecretsManager, startLocalSecretsManager } from '#infra/local/secrets-manager.ts';
import { bindLocalPort, type LocalServer, startLocalServer } from '#infra/local/server.ts';
import { ensureTable } from '#infra/local/table.ts';
import type { WorkersThread } from '#infra/local/workers-thread.ts';
import type { ServiceVariable } from '#shared/config/env.ts';
import { DepositWalletSettings, SandboxChainSchema } from '#shared/deposits/settings.ts';
import type { Deps } from '#shared/deps.ts';
import * as z from '#shared/validation/zod.ts';

// The Lambda runtime is Node 22; the SDK's notice about Node 20 support is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const env = z
  .object({
    PORT: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(65535)), 3000),
    HOST: z._default(z.string(), '127.0.0.1'),
    DATA_DIR: z._default(z.string(), '.data'),
    DYNAMODB_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
    TABLE_NAME: z._default(z.string(), 'payouts-local'),
    /** `off` runs no local chain: sandbox deposits are then reports without a transfer. */
    LOCAL_CHAIN: z._default(z.enum(['on', 'off']), 'on'),
    LOCAL_CHAIN_PORT: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(65535))),
    /** The service's own setting: the local chain runs the chains the deposit wallets support. */
    SUPPORTED_CHAINS: DepositWalletSettings.supportedChains.schema,
  })
  .parse(process.env);

const dataDir = resolve(env.DATA_DIR);
const localJsonPath = join(dataDir, 'local.json');

export const LocalJsonSchema = z.object({
  apiUrl: z.string(),
  organizationId: z.string(),
  apiKey: z.string(),
  dynamodbEndpoint: z.string(),
  tableName: z.string(),
  /** The local chain: per supported chain its USDC test token, and a funded development key (never real funds). */
  chains: z.optional(z.array(SandboxChainSchema)),
});

function readLocalJson() {
  if (!existsSync(localJsonPath)) return undefined;
  const parsed = LocalJsonSchema.safeParse(JSON.parse(readFileSync(localJsonPath, 'utf8')));
  return parsed.success ? parsed.data : undefined;
}

async function main() {
  mkdirSync(dataDir, { recursive: true });
  // The chain starts beside DynamoDB Local: the two take their seconds at the same time.
  const [dynamo, chain] = await Promise.allSettled([
    startDynamoDbLocal({ dataDir: join(dataDir, 'dynamodb'), port: env.DYNAMODB_PORT }),
    env.LOCAL_CHAIN === 'on'
      ? startLocalChains({
          chains: env.SUPPORTED_CHAINS,
          cacheDir: join(dataDir, 'chain'),
          port: env.LOCAL_CHAIN_PORT,
          identityPath: chainIdentityPath(join(dataDir, 'chain')),
        })
      : Promise.resolve(undefined),
  ]);
  const stopAll = async () => {
    // Never leave DynamoDB Local or the chain running behind a failed start.
    if (dynamo.status === 'fulfilled') await dynamo.value.stop();
    if (chain.status === 'fulfilled') await chain.value?.node.stop();
  };
  if (dynamo.status === 'rejected' || chain.status === 'rejected') {
    await stopAll();
    throw dynamo.status === 'rejected' ? dynamo.reason : (chain as PromiseRejectedResult).reason;
  }
  try {
    await serve(dynamo.value, chain.value);
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function serve(dynamo: LocalDynamoDb, chain: LocalChains | undefined) {
  // Seconds when the console's sources changed, nothing otherwise; meanwhile the table and workers come up.
  const consoleBuild = buildConsole();
  // Uploaded KYC documents: S3's API on fauxqs (in memory), as the documents bucket is in AWS.
  const documents = await startLocalDocumentStore();
  const port = await configure(dynamo, chain, documents);
  const custody = chain ? await startCustody(chain) : undefined;
  // After custody: the Secrets Manager stand-in answers the credentials the functions' AWS clients end up with.
  const secrets = await startLocalSecrets();
  const kycProviders = await startLocalKycProviders({ serverUrl: port.url, secrets });
  // Before the configuration is first read: bank deposit wallets derive their addresses from it.
  const depositKey = resolveDepositXpub(dataDir, process.env);
  process.env.DEPOSIT_XPUB = depositKey.xpub;
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
  await ensureTable(client, env.TABLE_NAME);
  client.destroy();

  const { appDeps } = await import('#shared/deps.ts');
  const { routeList } = await import('#shared/routes.ts');
  const { ownerInviteOnStart } = await import('#infra/local/console-invite.ts');
  const { startWorkersThread } = await import('#infra/local/workers-thread.ts');
  const { startSanctionsLists } = await import('#infra/local/sanctions-lists.ts');
  const deps = appDeps();
  const sanctions = await startSanctionsLists(deps, process.env.SANCTIONS_DIR as string);
  const { organizationId, apiKey, firstStart } = await sandboxOrganization(deps);
  const treasuries = custody
    ? await ensureSandboxTreasuries(deps, organizationId, env.SUPPORTED_CHAINS, dataDir)
    : undefined;
  if (custody && chain && treasuries) {
    const { approveSandboxTreasuries } = await import('#infra/local/sandbox-treasury.ts');
    await approveSandboxTreasuries({ dataDir, chains: chain.chains, treasuries, relayers: custody.relayers });
  }
  const restored = custody && chain ? await restoreCustody(deps, chain, custody) : undefined;

  const running: Running = { stopping: false, documents, secrets, kycProviders, custody, chain, dynamo };
  // The workers run on a thread of their own, as they run apart from the API in AWS (infra/local/README.md).
  const workers = await startWorkersThread(
    { dataDir, dynamodbEndpoint: dynamo.endpoint, tableName: env.TABLE_NAME },
    (error) => {
      process.stderr.write(`The workers' thread failed (${error.message}); stopping.\n`);
      void shutdown(running, 'workers thread failure', 1);
    },
  );
  running.workers = workers;
  const server = await startLocalServer({ routes: routeList, bound: port, consoleDir: await consoleBuild });
  running.server = server;
  const apiUrl = `${server.url}/api/v2`;
  const consoleUrl = `${deps.config.console.origin}/console/`;
  const ownerInviteUrl = await ownerInviteOnStart(deps, organizationId);
  const connection = {
    apiUrl,
    organizationId,
    apiKey,
    dynamodbEndpoint: dynamo.endpoint,
    tableName: env.TABLE_NAME,
    ...(chain ? { chains: chain.chains } : {}),
    consoleUrl,
    ownerInviteUrl,
  };
  writeFileSync(localJsonPath, `${JSON.stringify(connection, null, 2)}\n`);
  const notes = {
    firstStart,
    documents,
    kycProviders,
    depositKey,
    chain,
    custody,
    treasuries,
    restored,
    workers: [...workers.notes, ...sanctions.notes],
  };
  process.stdout.write(banner(server.url, connection, notes).join('\n'));

  process.on('SIGINT', () => void shutdown(running, 'SIGINT'));
  process.on('SIGTERM', () => void shutdown(running, 'SIGTERM'));
  dynamo.process.once('exit', (code) => {
    if (running.stopping) return;
    process.stderr.write(`DynamoDB Local exited unexpectedly (code ${code}); stopping.\n`);
    void server.close().then(() => process.exit(1));
  });
}

/**
 * The environment the handlers read their configuration from on first use, exactly as in Lambda; the names are the
 * service's settings (its areas' `settings.ts`), which check the values when the handlers read them. Binds the
 * port, so the console's origin names the port actually served.
 */
async function configure(dynamo: LocalDynamoDb, chain: LocalChains | undefined, documents: LocalDocumentStore) {
  Object.assign(process.env, {
    TABLE_NAME: env.TABLE_NAME,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: LOCAL_REGION,
    // The bank channel's outbox and inbox are folders here; payouts are batched every second unless set.
    BANK_CHANNEL_DIR: join(dataDir, 'bank'),
    // The inbox worker shares its thread with the stream relay and the sender: reports are parsed on one of their own.
    BANK_REPORT_PARSER: 'worker',
    S3_ENDPOINT: documents.endpoint,
    KYC_DOCUMENTS_BUCKET: documents.bucket,
    PAYOUT_BATCH_INTERVAL_S: process.env.PAYOUT_BATCH_INTERVAL_S ?? '1',
    SANCTIONS_DIR: process.env.SANCTIONS_DIR ?? join(dataDir, 'sanctions'),
  } satisfies Partial<Record<ServiceVariable, string>>);
  // The AWS SDK's own variables: DynamoDB Local and fauxqs take any credentials.
  Object.assign(process.env, {
    AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
  });
  // Sandbox deposits become real transfers on the local chain; its watchers read the same list.
  if (chain) process.env.SANDBOX_CHAINS = JSON.stringify(chain.chains);
  // `POST /verify-address` asks the same local nodes for code and Safe set-ups.
  if (chain) {
    process.env.CHAIN_RPC = JSON.stringify(
      Object.fromEntries(chain.chains.map((c) => [c.chain, { url: c.rpcUrl, usdcAddress: c.usdcAddress }])),
    );
  }
  // The console: passkeys need a secure context, which http://localhost is and http://127.0.0.1 is not. Mail
  // (member invitations) is written under DATA_DIR/mail instead of going through Amazon SES.
  // The port is bound first (PORT=0: the OS picks it), so the origin names the port actually served.
  const port = await bindLocalPort(env.PORT, env.HOST);
  process.env.CONSOLE_ORIGIN ??= port.url;
  process.env.MAIL_DIR ??= join(dataDir, 'mail');
  // The bank channel's folders exist from the start, so an operator can drop a report into the inbox at once.
  for (const place of ['outbox', 'inbox', 'processed', 'quarantine']) {
    mkdirSync(join(dataDir, 'bank', place), { recursive: true });
  }
  return port;
}

/**
 * Custody, before the configuration is first read: the KMS stand-in, the relayer's gas and a deposit forwarder
 * factory per chain; bank deposit wallets of organizations with a treasury become forwarders.
 */
async function startCustody(chain: LocalChains): Promise<LocalCustody> {
  const custody = await startLocalCustody({
    chains: chain.chains,
    deployerPrivateKey: chain.deployer.privateKey,
    dataDir,
    cacheDir: join(dataDir, 'chain'),
  });
  // The functions' AWS clients take their credentials from these variables, as a Lambda's do: the KMS stand-in
  // answers only these, drawn at this start; DynamoDB Local and fauxqs take any.
  Object.assign(process.env, {
    DEPOSIT_FORWARDERS: JSON.stringify(custody.forwarders),
    KMS_ENDPOINT: custody.kms.endpoint,
    ...kmsCredentialVariables(custody.kms),
  });
  return custody;
}

/** The sandbox organization of local.json, or a new one when there is none in this table. */
async function sandboxOrganization(deps: Deps) {
  const { getOrganization } = await import('#shared/organizations/repository.ts');
  const { createOrganization } = await import('#shared/organizations/organization-admin.ts');
  const previous = readLocalJson();
  if (
    !previous ||
    previous.tableName !== env.TABLE_NAME ||
    !(await getOrganization(deps.db, previous.organizationId))
  ) {
    const created = await createOrganization(deps.db, deps.clock, { name: 'Local sandbox', environment: 'sandbox' });
    return { organizationId: created.organizationId, apiKey: created.apiKey, firstStart: true };
  }
  return { organizationId: previous.organizationId, apiKey: previous.apiKey, firstStart: false };
}

/** The fresh chain continues where the table's custody records end; after every deployment, before the sweepers. */
async function restoreCustody(deps: Deps, chain: LocalChains, custody: LocalCustody) {
  const { restoreLocalCustody, restoredNote } = await import('#infra/local/custody-restore.ts');
  return restoredNote(
    await restoreLocalCustody(deps.db, {
      chains: chain.chains,
      relayers: custody.relayers,
      deployerPrivateKey: chain.deployer.privateKey,
      cacheDir: join(dataDir, 'chain'),
    }),
  );
}

/**
 * Secrets Manager's stand-in for every area (`shared/secrets/README.md`): the secrets the stand-ins draw, and the
 * operator's in `DATA_DIR/secrets/` (a bank's SSH and PGP keys), under the credentials the functions' clients carry.
 */
async function startLocalSecrets(): Promise<LocalSecretsManager> {
  const secrets = await startLocalSecretsManager({
    credentials: {
      accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    },
    region: LOCAL_REGION,
    folder: join(dataDir, 'secrets'),
  });
  process.env.SECRETS_MANAGER_ENDPOINT = secrets.endpoint;
  return secrets;
}

/** What runs, stopped in order on a signal or a failure. */
type Running = {
  stopping: boolean;
  server?: LocalServer;
  workers?: WorkersThread;
  documents: LocalDocumentStore;
  secrets: LocalSecretsManager;
  kycProviders: LocalKycProviders;
  custody: LocalCustody | undefined;
  chain: LocalChains | undefined;
  dynamo: LocalDynamoDb;
};

async function shutdown(running: Running, cause: string, exitCode = 0) {
  if (running.stopping) return;
  running.stopping = true;
  process.stdout.write(`\n${cause === 'SIGINT' || cause === 'SIGTERM' ? `${cause} received` : cause}, stopping...\n`);
  await running.server?.close();
  // A crash reported before the workers' thread started leaves nothing to stop there.
  await running.workers?.stop();
  await running.documents.stop();
  await running.kycProviders.stop();
  await running.secrets.stop();
  await running.custody?.stop();
  await running.chain?.node.stop();
  await running.dynamo.stop();
  process.stdout.write('Stopped.\n');
  process.exit(exitCode);
}

/** What `npm start` prints once it serves: where everything is, and what this data folder kept. */
function banner(
  serverUrl: string,
  connection: {
    apiUrl: string;
    organizationId: string;
    apiKey: string;
    consoleUrl: string;
    ownerInviteUrl: string | undefined;
  },
  notes: {
    firstStart: boolean;
    documents: LocalDocumentStore;
    kycProviders: LocalKycProviders;
    depositKey: DepositKeySource;
    chain: LocalChains | undefined;
    custody: LocalCustody | undefined;
    treasuries: Partial<Record<string, string>> | undefined;
    restored: string | undefined;
    workers: string[];
  },
): string[] {
  const { apiUrl, organizationId, apiKey, consoleUrl, ownerInviteUrl } = connection;
  const { documents, chain, custody } = notes;
  return [
    '',
    `Payout service (local) listening on ${serverUrl}`,
    `  API base URL     ${apiUrl}`,
    `  Organization     ${organizationId} (sandbox${notes.firstStart ? ', created now' : ''})`,
    `  API key          ${apiKey}`,
    `  Console          ${consoleUrl}`,
    ownerInviteUrl
      ? `  Owner invite     ${ownerInviteUrl} (one use; a new one at each start until an owner joins)`
      : '  Owner invite     none needed: the sandbox organization has an owner',
    `  Data             ${dataDir} (the table, bank folders, mail and keys are kept across restarts; connection details in ${localJsonPath})`,
    `  KYC documents    ${documents.endpoint}/${documents.bucket} (S3 API on fauxqs, in memory: gone at exit)`,
    `  KYC provider     Sumsub stand-in ${notes.kycProviders.sumsub.baseUrl} (hosted approve/reject page, signed webhooks; ` +
      `credentials in the Secrets Manager stand-in ${notes.kycProviders.secrets.endpoint}); live organizations set ` +
      'to it with `admin org update <id> --kyc-provider sumsub`',
    `  ${notes.depositKey.note}`,
    ...(chain
      ? [
          `  Local chain      ${chain.node.rpcUrl} (chain id ${chain.chains[0]?.chainId}), a USDC test token per chain: ` +
            chain.chains.map((c) => `${c.chain} ${c.usdcAddress}`).join(', '),
          `                   a funded development key is in ${localJsonPath} ("chains"): send test USDC with any tool`,
          chainKeptNote(chain),
        ]
      : []),
    ...(custody
      ? [
          `  Custody          relayer per chain: ${perChain(custody.relayers)} (keys in the KMS stand-in ` +
            `${custody.kms.endpoint}); sandbox treasury per chain: ${perChain(notes.treasuries ?? {})}`,
        ]
      : []),
    ...(notes.restored ? [`  Restored         ${notes.restored} (the chain starts empty; the table kept these)`] : []),
    ...notes.workers.map((note) => `  ${note}`),
    '',
    'Try:',
    `  curl -H "Authorization: Bearer ${apiKey}" ${apiUrl}/customers`,
    '',
    'Press Ctrl-C to stop.',
    '',
  ];
}

/** `base 0x…, ethereum 0x…`: an address per chain, as the banner lists them. */
const perChain = (addresses: Partial<Record<string, string>>) =>
  Object.entries(addresses)
    .map(([chain, address]) => `${chain} ${address}`)
    .join(', ');

/** What of the local chain this data folder kept, and what it did not (the node itself keeps nothing). */
function chainKeptNote(chain: LocalChains): string {
  const { identity, portTaken } = chain.kept;
  const kept = !identity
    ? 'kept for this data folder from now on: the key, the token addresses, the port'
    : portTaken === undefined
      ? 'kept from the last start: the key, the token addresses, the port'
      : `kept from the last start: the key, the token addresses; port ${portTaken} was taken, so the port changed`;
  return `                   ${kept}. NOT kept: balances and transactions on the chain (it starts empty; the key is funded again; custody's balances and relayer nonces are restored from the table)`;
}

main().catch((error: unknown) => {
  process.stderr.write(`Failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
