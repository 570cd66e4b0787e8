import { Aws, Duration, Validations } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction, Function as LambdaFn } from 'aws-cdk-lib/aws-lambda';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { type DeploymentConfig, METRICS_NAMESPACE, passedOnTo } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { privateRecordsBucket } from '#infra/aws/private-bucket.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import { LISTS_PREFIX } from '#shared/screening/bucket-source.ts';
import { SANCTIONS_LISTS } from '#shared/screening/list-entries.ts';
import { LIST_FAILED_METRIC } from '#shared/screening/screening-lists.ts';

const { SanctionsLists } = BACKGROUND_FUNCTIONS;

/**
 * The official sanctions lists in AWS: a versioned bucket (every version the fetcher stored is kept: which list
 * was in force when), named per stage, account and region so every stack grants it without a cross-stack
 * reference; a scheduled function that fetches the files into `lists/` and re-screens on a new version; an alarm
 * per list when a version fails to parse (the previous one stays in force).
 */
export const sanctionsBucketName = (stage: string) => `payouts-${stage}-sanctions-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

export function sanctionsListsBucket(parent: Construct, stage: string): Bucket {
  return privateRecordsBucket(parent, 'SanctionsLists', {
    bucketName: sanctionsBucketName(stage),
    logPrefix: 'sanctions-lists/',
  });
}

const bucketArn = (stage: string) => `arn:${Aws.PARTITION}:s3:::${sanctionsBucketName(stage)}`;
const listsArn = (stage: string) => `${bucketArn(stage)}/${LISTS_PREFIX}*`;

/** Reads the lists in force (a listing of `lists/` and its objects), as every function that screens does. */
export function grantSanctionsListsRead(fn: LambdaFn, stage: string): void {
  fn.addEnvironment('SANCTIONS_BUCKET', sanctionsBucketName(stage));
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['s3:ListBucket'],
      resources: [bucketArn(stage)],
      conditions: { StringLike: { 's3:prefix': [`${LISTS_PREFIX}*`] } },
    }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [listsArn(stage)] }));
  acknowledgeListsPrefix(fn, stage, 'read');
}

function acknowledgeListsPrefix(fn: LambdaFn, stage: string, what: string) {
  if (!fn.role) return;
  Validations.of(fn.role).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::payouts-${stage}-sanctions-<AWS::AccountId>-<AWS::Region>/${LISTS_PREFIX}*]`,
    reason: `The function ${what}s the official list files, each a key of its own under lists/ of the one sanctions bucket.`,
  });
}

/**
 * The scheduled fetch and re-screen. The fetch writes the list files and reads their digests; the re-screen reads
 * the table page by page (Scan) and holds what hits, as the API's routes do (customers, banks, wallets, holds,
 * re-screen runs and reports).
 */
export function addSanctionsLists(
  scope: Construct,
  props: {
    table: ITable;
    config: DeploymentConfig;
    alarms: Alarms;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): PayoutsFunction {
  const { table, config, alarms } = props;
  const fn = props.newFunction(
    'SanctionsLists',
    SanctionsLists.handler,
    SanctionsLists.description,
    Duration.minutes(10),
  );
  // The EU's full XML is about 25 MB of text; parsed and indexed with the others it needs room.
  (fn.node.defaultChild as CfnFunction).memorySize = 2048;
  for (const [name, value] of Object.entries(passedOnTo(config, 'SanctionsLists'))) fn.addEnvironment(name, value);
  grantSanctionsListsRead(fn, config.stage);
  fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:PutObject'], resources: [listsArn(config.stage)] }));
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [
        'dynamodb:Scan',
        'dynamodb:GetItem',
        'dynamodb:Query',
        'dynamodb:ConditionCheckItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
      ],
      resources: [table.tableArn],
    }),
  );
  // A bank's wallets are listed through gsi1 (shared/wallets).
  fn.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Query'], resources: [`${table.tableArn}/index/gsi1`] }));
  new Rule(scope, 'SanctionsListsSchedule', {
    description: `Fetches the official sanctions lists and re-screens on a new version, every ${Duration.seconds(SanctionsLists.aws.everySeconds).toHumanString()}`,
    schedule: Schedule.rate(Duration.seconds(SanctionsLists.aws.everySeconds)),
    targets: [new LambdaFunction(fn, { retryAttempts: 1 })],
  });
  for (const list of SANCTIONS_LISTS) {
    alarms.alarmOnMetric(
      `SanctionsListFailed${list}`,
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: LIST_FAILED_METRIC,
        dimensionsMap: { service: `payouts-${config.stage}`, list },
        statistic: 'Sum',
        period: Duration.hours(1),
      }),
      {
        threshold: 1,
        description: `${list}: a new version of the list failed to download or parse; the previous version stays in force (logs: "sanctions list not").`,
      },
    );
  }
  return fn;
}
