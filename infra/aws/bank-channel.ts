import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * The bank channel's bucket: `outbox/` (payment files for the bank), `inbox/` (its reports), `processed/` and
 * `quarantine/`. Private, encrypted, versioned (every version of every file is kept), TLS only, retained on stack
 * deletion, with server access logs in a bucket of their own. EventBridge notifications are on, so the report
 * function is triggered by objects created under `inbox/` without a cross-stack notification.
 */
export function bankChannelBucket(parent: Construct): Bucket {
  const scope = new Construct(parent, 'BankChannel');
  // Log delivery through a bucket policy, not the legacy LogDeliveryWrite ACL.
  scope.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  const accessLogs = new Bucket(scope, 'BankChannelAccessLogs', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    lifecycleRules: [{ expiration: Duration.days(400) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const bucket = new Bucket(scope, 'BankChannelBucket', {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: 'bank-channel/',
    removalPolicy: RemovalPolicy.RETAIN,
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
 * - `batcher`: write payment files to `outbox/`;
 * - `simulator`: write reports to `inbox/` (the sandbox bank);
 * - `reports`: read, write and move reports (`inbox/` -> `processed/` or `quarantine/`), list `inbox/`.
 */
export type BankChannelRole = 'batcher' | 'simulator' | 'reports';

export function grantBankChannel(fn: LambdaFunction, bucket: Bucket, role: BankChannelRole): void {
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
  const bucketId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket);
  const prefixes = { batcher: ['outbox'], simulator: ['inbox'], reports: ['inbox', 'processed', 'quarantine'] }[role];
  for (const prefix of prefixes) {
    if (!fn.role) continue;
    Validations.of(fn.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${prefix}/*]`,
      reason: `Files in the bank channel's ${prefix}/ have names chosen at run time (message ids, report names); the grant is limited to that prefix of the one bucket.`,
    });
  }
}
