import { Aws, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Bucket, CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { privateRecordsBucket } from '#infra/aws/private-bucket.ts';

/**
 * The bank channel's bucket: `<environment>/<organizationId>/outbox/` (payment files for the bank),
 * `<environment>/<organizationId>/inbox/` (its reports for that organization) and `inbox/` (reports of no known
 * origin), `processed/` and `quarantine/`. Private, encrypted, versioned (every version of every file is kept), TLS only, retained on stack
 * deletion, with server access logs in a bucket of their own. EventBridge notifications are on, so the report
 * function is triggered by objects created in the inboxes without a cross-stack notification.
 */
/**
 * The bucket's name, fixed per stage, account and region, so the stacks that use it name it without a cross-stack
 * reference (and their grants read the same in every deployment).
 */
export const bankChannelBucketName = (stage: string) => `payouts-${stage}-bank-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export function bankChannelBucket(parent: Construct, stage: string): Bucket {
  const bucket = privateRecordsBucket(parent, 'BankChannel', {
    bucketName: bankChannelBucketName(stage),
    logPrefix: 'bank-channel/',
  });
  // EventBridge notifications set on the bucket itself (the L2 flag would deploy a custom-resource function).
  (bucket.node.defaultChild as CfnBucket).addPropertyOverride(
    'NotificationConfiguration.EventBridgeConfiguration.EventBridgeEnabled',
    true,
  );
  return bucket;
}

/**
 * What a function may do on the channel, least privilege by prefix:
 * - `batcher`: write payment files to each environment's outboxes (`sandbox/<org>/outbox/`, `live/<org>/outbox/`);
 * - `simulator`: read the sandbox's outboxes only, write reports to the sandbox's inboxes (the sandbox bank);
 * - `reports`: read, write and move reports (each inbox -> `processed/` or `quarantine/`), list the inboxes;
 * - `mover`: list and read the live outboxes only, move what it sent to the live `sent/` folders, write what it
 *   takes from banks to the live inboxes or `quarantine/`.
 */
export type BankChannelRole = 'batcher' | 'simulator' | 'reports' | 'mover';

/** The object prefixes (without the trailing `/*`) each role's grants name. */
const PREFIXES: Record<BankChannelRole, string[]> = {
  batcher: ['sandbox/*/outbox', 'live/*/outbox'],
  simulator: ['sandbox/*/outbox', 'sandbox/*/inbox'],
  reports: ['inbox', 'sandbox/*/inbox', 'live/*/inbox', 'processed', 'quarantine'],
  mover: ['live/*/outbox', 'live/*/sent', 'live/*/inbox', 'quarantine'],
};

export function grantBankChannel(fn: LambdaFunction, stage: string, role: BankChannelRole): void {
  const name = bankChannelBucketName(stage);
  const bucketArn = `arn:${Aws.PARTITION}:s3:::${name}`;
  const objects = (prefix: string) => `${bucketArn}/${prefix}/*`;
  const statements: PolicyStatement[] = [];
  if (role === 'batcher') {
    statements.push(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [objects('sandbox/*/outbox'), objects('live/*/outbox')],
      }),
    );
  }
  if (role === 'simulator') {
    statements.push(
      new PolicyStatement({ actions: ['s3:GetObject'], resources: [objects('sandbox/*/outbox')] }),
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('sandbox/*/inbox')] }),
    );
  }
  if (role === 'reports') {
    statements.push(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [objects('inbox'), objects('sandbox/*/inbox'), objects('live/*/inbox')],
      }),
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('processed'), objects('quarantine')] }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringLike: { 's3:prefix': ['inbox/*', 'inbox/', 'sandbox/*/inbox/', 'live/*/inbox/'] } },
      }),
      // Which organizations have an inbox: the environment's first level only (a delimiter, so no file is named).
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringEquals: { 's3:prefix': ['sandbox/', 'live/'], 's3:delimiter': '/' } },
      }),
    );
  }
  if (role === 'mover') {
    statements.push(
      // A file sent is copied to `sent/` and deleted from the outbox: the outbox lists only what is still to send.
      new PolicyStatement({ actions: ['s3:GetObject', 's3:DeleteObject'], resources: [objects('live/*/outbox')] }),
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [objects('live/*/sent'), objects('live/*/inbox'), objects('quarantine')],
      }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucketArn],
        conditions: { StringLike: { 's3:prefix': ['live/*/outbox/'] } },
      }),
    );
  }
  for (const statement of statements) fn.addToRolePolicy(statement);
  fn.addEnvironment('BANK_CHANNEL_BUCKET', name);
  for (const prefix of PREFIXES[role]) {
    if (!fn.role) continue;
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::payouts-${stage}-bank-<AWS::AccountId>-<AWS::Region>/${prefix}/*]`,
      reason: `Files in the bank channel's ${prefix}/ have names chosen at run time (organization ids, message ids, report names); the grant is limited to that prefix of the one bucket.`,
    });
  }
}

/** Where the mover's secrets live in Secrets Manager: a payout account's connection names secrets under it. */
export const bankSecretsPrefix = (stage: string) => `payouts-${stage}/bank/`;

/** The mover reads the secrets under its stage's prefix, and no other. */
export function grantBankSecrets(fn: LambdaFunction, stage: string): void {
  const prefix = bankSecretsPrefix(stage);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['secretsmanager:GetSecretValue'],
      resources: [`arn:${Aws.PARTITION}:secretsmanager:${Aws.REGION}:${Aws.ACCOUNT_ID}:secret:${prefix}*`],
    }),
  );
  if (fn.role) {
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:secretsmanager:<AWS::Region>:<AWS::AccountId>:secret:${prefix}*]`,
      reason:
        "Each payout account's SSH and PGP keys are secrets named by the operator under the stage's bank prefix; the grant reads that prefix only.",
    });
  }
}
