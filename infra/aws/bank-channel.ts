import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * The bank channel's bucket: `outbox/` (payment files for the bank), `inbox/` (its reports), `processed/` and
 * `quarantine/`. Private, encrypted, versioned (every version of every file is kept), TLS only, retained on stack
 * deletion, with server access logs in a bucket of their own. EventBridge notifications are on, so the report
 * function is triggered by objects created under `inbox/` without a cross-stack notification.
 */
export function bankChannelBucket(scope: Construct): Bucket {
  const accessLogs = new Bucket(scope, 'BankChannelAccessLogs', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
    lifecycleRules: [{ expiration: Duration.days(400) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  Validations.of(accessLogs).acknowledge({
    id: 'AwsSolutions-S1',
    reason: 'This bucket holds the server access logs of the bank channel bucket; logging it again would recurse.',
  });
  return new Bucket(scope, 'BankChannelBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    eventBridgeEnabled: true,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'bank-channel/',
    removalPolicy: RemovalPolicy.RETAIN,
  });
}

/**
 * What a function may do on the channel, least privilege by prefix:
 * - `batcher`: write payment files to `outbox/`;
 * - `simulator`: write reports to `inbox/` (the sandbox bank);
 * - `reports`: read, write and move reports (`inbox/` -> `processed/` or `quarantine/`), list `inbox/`.
 */
export type BankChannelRole = 'batcher' | 'simulator' | 'reports';

export function grantBankChannel(fn: LambdaFunction, bucket: IBucket, role: BankChannelRole): void {
  const objects = (prefix: string) => bucket.arnForObjects(`${prefix}/*`);
  const statements: PolicyStatement[] = [];
  if (role === 'batcher') {
    statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('outbox')] }));
  }
  if (role === 'simulator') {
    statements.push(new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('inbox')] }));
  }
  if (role === 'reports') {
    statements.push(
      new PolicyStatement({
        actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
        resources: [objects('inbox')],
      }),
      new PolicyStatement({ actions: ['s3:PutObject'], resources: [objects('processed'), objects('quarantine')] }),
      new PolicyStatement({
        actions: ['s3:ListBucket'],
        resources: [bucket.bucketArn],
        conditions: { StringLike: { 's3:prefix': ['inbox/*', 'inbox/'] } },
      }),
    );
  }
  for (const statement of statements) fn.addToRolePolicy(statement);
  fn.addEnvironment('BANK_CHANNEL_BUCKET', bucket.bucketName);
}
