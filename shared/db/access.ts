import { API_KEY_KEY_PREFIX, RATE_LIMIT_KEY_PREFIX, SESSION_KEY_PREFIX } from '#shared/db/keys.ts';
import { type IndexName, TABLE } from '#shared/db/table.ts';

/**
 * What a route's function may touch; the CDK stack turns this into its IAM policy (infra/aws/table-access.ts).
 * `read`: GetItem, BatchGetItem, Query and ConditionCheckItem on the table; `readwrite` adds PutItem, UpdateItem
 * and DeleteItem (transactions are authorized item by item, so these cover TransactWriteItems). Never Scan.
 */
export type Access = {
  table: 'none' | 'read' | 'readwrite';
  /** The secondary indexes the function queries: each adds Query on that index alone. */
  indexes?: readonly IndexName[];
  /**
   * Files of installed packages the function reads at run time (`swagger-ui-dist/swagger-ui.css`), resolved
   * like imports; the CDK bundling copies exactly these next to the bundle, since esbuild only bundles code.
   */
  packageFiles?: readonly string[];
  /** Sends mail (console invitations): `ses:SendEmail` from the configured sender's identity only. */
  mail?: boolean;
  /**
   * The bank channel (S3 in AWS, folders locally): `reports` may write reports into its inbox, read them and move
   * them on (the sandbox routes that answer for the bank); `batcher` may write payment files into its outbox (a
   * bank credit sent back to its payer). Granted by infra/aws/bank-channel.ts.
   */
  bankChannel?: 'reports' | 'batcher';
  /**
   * Asks the Verification of Payee provider: `secretsmanager:GetSecretValue` on exactly the provider's key secret
   * (`payeeVerificationApiKeySecret`), when one is configured (infra/aws/api-area-stack.ts).
   */
  payeeVerification?: boolean;
  /**
   * Screens names or addresses against the sanctions lists: reads the lists bucket's `lists/` (infra/aws/sanctions-lists.ts;
   * public documents, read only).
   */
  sanctionsLists?: boolean;
  /**
   * KYC documents (infra/aws/kyc-documents.ts): `upload` may `s3:PutObject` under `kyc-documents/` of the documents
   * bucket; `read` may `s3:GetObject` there, which the presigned links it gives reviewers are signed with.
   */
  documents?: 'upload' | 'read';
  /**
   * Asks the chains' nodes on request (`POST /verify-address`): the function gets `CHAIN_RPC`, the chain watchers'
   * RPC URL parameters, and `ssm:GetParameter` on exactly those (infra/aws/api-area-stack.ts).
   */
  chainRpc?: boolean;
  /**
   * Calls the organizations' KYC providers: `secretsmanager:GetSecretValue` on the providers' one secret and its
   * name as `KYC_PROVIDER_SECRET_ID` (infra/aws/kyc-providers.ts).
   */
  kycProvider?: boolean;
  /**
   * The route takes console sessions (`route.session`): authenticating one moves its idle deadline on and removes
   * an expired one, so a read-only function may also UpdateItem and DeleteItem the session items, and only those.
   */
  sessions?: boolean;
};

/**
 * What a route's `access` allows on the table, in IAM actions: the CDK stack grants exactly these
 * (infra/aws/table-access.ts) and the local runtime refuses any other call (infra/local/access-check.ts), so an
 * under-declared route fails in tests instead of with AccessDenied in AWS. Transactions have no IAM action of
 * their own: each item is authorized by its Put/Update/Delete/ConditionCheck action, TransactGetItems by GetItem.
 */
export const TABLE_READ_ACTIONS = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
] as const;
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'] as const;
/** On an index only Query is useful: its items are read, never written, through it. */
export const INDEX_ACTIONS = ['dynamodb:Query'] as const;

export function tableActionsOf(access: Access): readonly string[] {
  if (access.table === 'none') return [];
  return access.table === 'readwrite' ? [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS] : TABLE_READ_ACTIONS;
}

const TRANSACT_ITEM_ACTIONS: Record<string, string> = {
  Put: 'dynamodb:PutItem',
  Update: 'dynamodb:UpdateItem',
  Delete: 'dynamodb:DeleteItem',
  ConditionCheck: 'dynamodb:ConditionCheckItem',
};

const COMMAND_ACTIONS: Record<string, readonly string[]> = {
  Get: ['dynamodb:GetItem'],
  Put: ['dynamodb:PutItem'],
  Update: ['dynamodb:UpdateItem'],
  Delete: ['dynamodb:DeleteItem'],
  Query: ['dynamodb:Query'],
  Scan: ['dynamodb:Scan'],
  BatchGet: ['dynamodb:BatchGetItem'],
  BatchWrite: ['dynamodb:BatchWriteItem'],
  TransactGet: ['dynamodb:GetItem'],
  TransactWrite: Object.values(TRANSACT_ITEM_ACTIONS),
};

/**
 * The IAM actions a command needs, by its SDK class name (`GetCommand`, `GetItemCommand`, ...); with the
 * input, a transaction needs only the actions of the items it holds. Undefined for a command not known here.
 */
export function actionsOfCommand(commandName: string, input?: unknown): readonly string[] | undefined {
  const base = commandName.replace(/Command$/, '').replace(/Items?$/, '');
  const items = (input as { TransactItems?: Record<string, unknown>[] } | undefined)?.TransactItems;
  if (base === 'TransactWrite' && items) {
    return [
      ...new Set(items.flatMap((item) => Object.keys(item).flatMap((kind) => TRANSACT_ITEM_ACTIONS[kind] ?? []))),
    ];
  }
  return COMMAND_ACTIONS[base];
}

const INDEX_KEYS = new Map<string, IndexName>(
  Object.entries(TABLE.indexes).map(([key, index]): [string, IndexName] => [index.name, key as IndexName]),
);

/**
 * Every function that touches the table may count requests against the rate limits (shared/http/rate-limits.ts):
 * UpdateItem on the rate-limit items alone, whatever its `access.table` (IAM: a `dynamodb:LeadingKeys` condition).
 */
export const RATE_LIMIT_ACTIONS = ['dynamodb:UpdateItem'] as const;

const isRateLimitUpdate = (commandName: string, input: unknown) =>
  /^Update(Item)?Command$/.test(commandName) &&
  String((input as { Key?: { pk?: unknown } } | undefined)?.Key?.pk ?? '').startsWith(RATE_LIMIT_KEY_PREFIX);

/**
 * Every function that authenticates API keys may record a key's use (shared/http/key-use.ts): UpdateItem of the
 * `lastUsedAt` attribute of API key items alone, whatever its `access.table` (IAM: `dynamodb:LeadingKeys` and
 * `dynamodb:Attributes` conditions).
 */
export const KEY_USE_ACTIONS = ['dynamodb:UpdateItem'] as const;
export const KEY_USE_ATTRIBUTES = ['pk', 'sk', 'lastUsedAt'] as const;

const isKeyUseUpdate = (commandName: string, input: unknown) => {
  const update = input as { Key?: { pk?: unknown }; UpdateExpression?: unknown } | undefined;
  return (
    /^Update(Item)?Command$/.test(commandName) &&
    String(update?.Key?.pk ?? '').startsWith(API_KEY_KEY_PREFIX) &&
    update?.UpdateExpression === 'SET lastUsedAt = :now'
  );
};

/** What a function that authenticates sessions may write beyond its `access.table` (IAM: `dynamodb:LeadingKeys`). */
export const SESSION_ACTIONS = ['dynamodb:UpdateItem', 'dynamodb:DeleteItem'] as const;

const isSessionWrite = (commandName: string, input: unknown) =>
  /^(Update|Delete)(Item)?Command$/.test(commandName) &&
  String((input as { Key?: { pk?: unknown } } | undefined)?.Key?.pk ?? '').startsWith(SESSION_KEY_PREFIX);

/** Why `access` does not allow sending this command, or undefined when it does. */
export function accessDenial(access: Access, commandName: string, input?: unknown): string | undefined {
  if (access.table !== 'none' && isRateLimitUpdate(commandName, input)) return undefined;
  if (access.table !== 'none' && isKeyUseUpdate(commandName, input)) return undefined;
  if (access.table !== 'none' && access.sessions && isSessionWrite(commandName, input)) return undefined;
  const actions = actionsOfCommand(commandName, input);
  if (!actions) return `${commandName} is not a table command any route may be granted`;
  const indexName = (input as { IndexName?: string } | undefined)?.IndexName;
  if (indexName) {
    const index = INDEX_KEYS.get(indexName);
    const declared = access.table !== 'none' && index !== undefined && (access.indexes ?? []).includes(index);
    return declared ? undefined : `dynamodb:Query on index ${indexName} is not declared (access.indexes)`;
  }
  const allowed = tableActionsOf(access);
  const missing = actions.filter((action) => !allowed.includes(action));
  return missing.length ? `${missing.join(', ')} not allowed by access.table '${access.table}'` : undefined;
}
