import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BlockPublicAccess, Bucket, BucketEncryption } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/**
 * A bucket of records the service keeps (bank files, KYC documents): private, S3-encrypted, versioned (every
 * version of every object is kept), TLS only, retained on stack deletion, with server access logs in a bucket of
 * their own (kept 400 days). Constructs `<name>/<name>AccessLogs` and `<name>/<name>Bucket`.
 */
export function privateRecordsBucket(
  parent: Construct,
  name: string,
  options: { bucketName: string; logPrefix: string },
): Bucket {
  const scope = new Construct(parent, name);
  // Log delivery through a bucket policy, not the legacy LogDeliveryWrite ACL.
  scope.node.setContext('@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy', true);
  const accessLogs = new Bucket(scope, `${name}AccessLogs`, {
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    lifecycleRules: [{ expiration: Duration.days(400) }],
    removalPolicy: RemovalPolicy.RETAIN,
  });
  return new Bucket(scope, `${name}Bucket`, {
    bucketName: options.bucketName,
    blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
    encryption: BucketEncryption.S3_MANAGED,
    enforceSSL: true,
    versioned: true,
    serverAccessLogsBucket: accessLogs,
    serverAccessLogsPrefix: options.logPrefix,
    removalPolicy: RemovalPolicy.RETAIN,
  });
}
