/**
 * AWS list prices the benchmark prices its operations at: one region, us-east-1 (N. Virginia), on-demand, x86,
 * without free tiers or volume discounts. Sources: aws.amazon.com/dynamodb/pricing/on-demand/ (the prices since the
 * on-demand cut of 2024-11-01), aws.amazon.com/lambda/pricing/, aws.amazon.com/api-gateway/pricing/ (HTTP APIs,
 * first 300 million a month), aws.amazon.com/eventbridge/pricing/ (custom events), aws.amazon.com/sqs/pricing/
 * (standard queue requests), aws.amazon.com/s3/pricing/ (S3 Standard requests: PUT, COPY, POST and LIST $0.005
 * per 1,000, GET $0.0004 per 1,000, DELETE free; storage, first 50 TB a month, $0.023 per GB-month),
 * aws.amazon.com/secrets-manager/pricing/ ($0.05 per 10,000 API calls, $0.40 per secret a month), and
 * aws.amazon.com/ec2/pricing/on-demand/ ("Data Transfer OUT From Amazon EC2 To Internet", which Lambda's traffic to
 * the internet is billed as: $0.09 per GB for the first 10 TB a month, after 100 GB free). Prices as of 2024-11-01,
 * the last change among them; check them before quoting.
 *
 * What the payout's path uses without a charge, so it has no price here: the batcher's scheduled rule and S3's
 * `Object Created` events on the default bus (events from AWS services, aws.amazon.com/eventbridge/pricing/), the
 * stream reads of the relay's event source mapping (GetRecords invoked by Lambda as a DynamoDB trigger,
 * aws.amazon.com/dynamodb/pricing/on-demand/), S3 DELETE requests, and KMS (the buckets and queues use S3- and
 * SQS-managed keys, infra/aws/private-bucket.ts, events-stack.ts).
 */
export const PRICES = {
  region: 'us-east-1',
  asOf: '2024-11-01',
  /** USD per one million. */
  perMillion: {
    dynamodbWriteRequestUnits: 0.625,
    dynamodbReadRequestUnits: 0.125,
    lambdaInvocations: 0.2,
    httpApiRequests: 1.0,
    eventBridgeEvents: 1.0,
    sqsRequests: 0.4,
    /** S3 Standard PUT, COPY, POST and LIST requests ($0.005 per 1,000). */
    s3PutCopyListRequests: 5.0,
    /** S3 Standard GET requests and all other requests but DELETE ($0.0004 per 1,000). */
    s3GetRequests: 0.4,
    /** Secrets Manager API calls (GetSecretValue: $0.05 per 10,000). */
    secretsManagerCalls: 5.0,
  },
  /** USD per GB-second of Lambda duration (x86). */
  lambdaGbSecond: 0.0000166667,
  /** USD per GB-month of S3 Standard storage (first 50 TB a month). */
  s3StandardGbMonth: 0.023,
  /** USD per secret a month in Secrets Manager. */
  secretsManagerSecretMonth: 0.4,
  /** USD per GB out to the internet (the SFTP uploads to a bank), first 10 TB a month. */
  internetOutGb: 0.09,
} as const;

/** What one operation uses of each priced service. */
export type Usage = {
  readUnits: number;
  writeUnits: number;
  lambdaInvocations: number;
  lambdaGbSeconds: number;
  httpApiRequests: number;
  events: number;
  sqsRequests: number;
  s3PutCopyListRequests: number;
  s3GetRequests: number;
  secretsManagerCalls: number;
  /** Bytes sent to the internet (a bank's SFTP server). */
  internetBytesOut: number;
};

export const NO_USAGE: Usage = {
  readUnits: 0,
  writeUnits: 0,
  lambdaInvocations: 0,
  lambdaGbSeconds: 0,
  httpApiRequests: 0,
  events: 0,
  sqsRequests: 0,
  s3PutCopyListRequests: 0,
  s3GetRequests: 0,
  secretsManagerCalls: 0,
  internetBytesOut: 0,
};

const USAGE_FIELDS = Object.keys(NO_USAGE) as (keyof Usage)[];

export const addUsage = (a: Usage, b: Usage, times = 1): Usage =>
  Object.fromEntries(USAGE_FIELDS.map((field) => [field, a[field] + b[field] * times])) as Usage;

/** USD for one million of the operation. */
export function costPerMillion(usage: Usage): number {
  const p = PRICES.perMillion;
  return (
    usage.readUnits * p.dynamodbReadRequestUnits +
    usage.writeUnits * p.dynamodbWriteRequestUnits +
    usage.lambdaInvocations * p.lambdaInvocations +
    usage.httpApiRequests * p.httpApiRequests +
    usage.events * p.eventBridgeEvents +
    usage.sqsRequests * p.sqsRequests +
    usage.s3PutCopyListRequests * p.s3PutCopyListRequests +
    usage.s3GetRequests * p.s3GetRequests +
    usage.secretsManagerCalls * p.secretsManagerCalls +
    (usage.internetBytesOut / 1024 ** 3) * 1_000_000 * PRICES.internetOutGb +
    usage.lambdaGbSeconds * 1_000_000 * PRICES.lambdaGbSecond
  );
}

/** USD a month for keeping `bytes` in S3 Standard. */
export const storagePerMonth = (bytes: number) => (bytes / 1024 ** 3) * PRICES.s3StandardGbMonth;
