import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnTable } from 'aws-cdk-lib/aws-dynamodb';
import type { CfnBucket } from 'aws-cdk-lib/aws-s3';
import type { CfnTopic } from 'aws-cdk-lib/aws-sns';
import { describe, expect, it } from 'vitest';
import { createTableInput, TABLE } from '#shared/db/table.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

const { stateful } = appWithoutBundling();
const template = Template.fromStack(stateful);
const configured = Template.fromStack(appWithoutBundling(FULL_CONTEXT).stateful);

function theTable() {
  const [table, ...others] = Object.values(template.findResources('AWS::DynamoDB::Table'));
  if (!table || others.length > 0) throw new Error('expected exactly one table');
  return table;
}

describe('stateful stack', () => {
  it('declares the same table shape as the local runtime and the tests (createTableInput)', () => {
    const local = createTableInput('any');
    const { Properties: table } = theTable();

    expect(table.KeySchema).toEqual(local.KeySchema);
    expect(table.AttributeDefinitions).toHaveLength(local.AttributeDefinitions.length);
    expect(table.AttributeDefinitions).toEqual(expect.arrayContaining(local.AttributeDefinitions));
    expect(table.GlobalSecondaryIndexes).toEqual(local.GlobalSecondaryIndexes);
    expect(table.BillingMode).toBe(local.BillingMode);
    expect(table.StreamSpecification).toEqual({ StreamViewType: local.StreamSpecification.StreamViewType });
  });

  it('keys on pk/sk with the gsi1 (lists), sparse gsi2 (timers) and gsi3 (organization-wide lists) indexes projecting every attribute', () => {
    const { Properties: table } = theTable();

    expect(table.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(table.GlobalSecondaryIndexes).toEqual(
      ['gsi1', 'gsi2', 'gsi3'].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: 'HASH' },
          { AttributeName: `${name}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
  });

  it('streams new and old images and expires items by the TTL attribute', () => {
    const { Properties: table } = theTable();

    expect(table.StreamSpecification).toEqual({ StreamViewType: 'NEW_AND_OLD_IMAGES' });
    expect(table.TimeToLiveSpecification).toEqual({ AttributeName: TABLE.ttlAttribute, Enabled: true });
  });

  it('survives mistakes: point-in-time recovery, deletion protection, retained on delete and replace', () => {
    const table = theTable();

    expect(table.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(table.Properties.DeletionProtectionEnabled).toBe(true);
    expect(table.DeletionPolicy).toBe('Retain');
    expect(table.UpdateReplacePolicy).toBe('Retain');
  });

  it('outputs the table name for the admin CLI', () => {
    const tableId = stateful.getLogicalId(stateful.table.node.defaultChild as CfnTable);

    template.hasOutput('TableName', { Value: { Ref: tableId } });
  });

  it('is named after the stage', () => {
    expect(stateful.stackName).toBe('payouts-dev-stateful');
  });
});

describe('alarm topic', () => {
  const topicId = () => stateful.getLogicalId(stateful.alarmTopic.node.defaultChild as CfnTopic);

  it('refuses publishers without TLS', () => {
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      Topics: [{ Ref: topicId() }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });

  it('has no subscription until an alarm e-mail is configured, then that one', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    configured.resourceCountIs('AWS::SNS::Subscription', 1);
    configured.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@example.com' });
  });

  it('is published for on-call to subscribe', () => {
    template.hasOutput('AlarmTopicArn', { Value: { Ref: topicId() } });
  });

  it('hears of throttled reads and writes on the table and on every index', () => {
    const tableId = stateful.getLogicalId(stateful.table.node.defaultChild as CfnTable);
    const [alarm, ...others] = Object.values(template.findResources('AWS::CloudWatch::Alarm'));
    const metrics = alarm?.Properties.Metrics.filter((metric: { MetricStat?: unknown }) => metric.MetricStat);
    const watched = metrics.map(({ MetricStat: { Metric } }: { MetricStat: { Metric: Record<string, unknown> } }) => ({
      name: Metric.MetricName,
      dimensions: Metric.Dimensions,
    }));

    expect(others).toEqual([]);
    expect(alarm?.Properties).toMatchObject({ Threshold: 1, AlarmActions: [{ Ref: topicId() }] });
    for (const name of ['ReadThrottleEvents', 'WriteThrottleEvents']) {
      expect(watched).toContainEqual({ name, dimensions: [{ Name: 'TableName', Value: { Ref: tableId } }] });
      for (const index of Object.values(TABLE.indexes)) {
        expect(watched).toContainEqual({
          name,
          dimensions: [
            { Name: 'GlobalSecondaryIndexName', Value: index.name },
            { Name: 'TableName', Value: { Ref: tableId } },
          ],
        });
      }
    }
  });
});

describe('KYC documents bucket', () => {
  const bucketId = () => stateful.getLogicalId(stateful.documentsBucket.node.defaultChild as CfnBucket);

  it('is private, encrypted, versioned, logged and kept when the stack goes', () => {
    const bucket = template.findResources('AWS::S3::Bucket')[bucketId()];

    expect(bucket?.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
      VersioningConfiguration: { Status: 'Enabled' },
      LoggingConfiguration: { LogFilePrefix: 'kyc-documents/' },
    });
    expect(bucket?.DeletionPolicy).toBe('Retain');
  });

  it('refuses requests without TLS', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
        ]),
      },
    });
  });
});
