import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { Construct } from 'constructs';
import { Alarms } from '#infra/aws/alarms.ts';
import { bankChannelBucket } from '#infra/aws/bank-channel.ts';
import type { DeploymentConfig } from '#infra/aws/config.ts';
import { kycDocumentsBucket } from '#infra/aws/kyc-documents.ts';
import { kycProviderSecret } from '#infra/aws/kyc-providers.ts';
import { sanctionsListsBucket } from '#infra/aws/sanctions-lists.ts';
import { TABLE } from '#shared/db/table.ts';

export type StatefulStackProps = StackProps & { config: DeploymentConfig };

/**
 * What must outlive every deployment: the single table, the bank channel and KYC document buckets, and the alarm topic (its e-mail subscription is
 * confirmed once by a person). Kept apart from the stateless stacks so they can be destroyed and redeployed
 * freely while the data stays.
 */
export class StatefulStack extends Stack {
  readonly table: Table;
  /** Every alarm of every stack notifies this topic. */
  readonly alarmTopic: Topic;
  /** The bank channel: payment files out, bank reports in (infra/aws/bank-channel.ts). */
  readonly bankBucket: Bucket;
  /** Uploaded KYC documents (infra/aws/kyc-documents.ts). */
  readonly documentsBucket: Bucket;
  /** The official sanctions list files, every version kept (infra/aws/sanctions-lists.ts). */
  readonly sanctionsBucket: Bucket;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    const { config } = props;

    // Same shape as `createTableInput` (local runtime and tests); test/infra checks the two agree.
    this.table = new Table(this, 'Table', {
      partitionKey: { name: TABLE.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE.sortKey, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TABLE.ttlAttribute,
      // The stream carries event records (written with each state change) to the bus; the relay needs both images.
      stream: StreamViewType.NEW_AND_OLD_IMAGES,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Money records: neither a console click nor a stack deletion may drop the table.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    for (const index of Object.values(TABLE.indexes)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    this.bankBucket = bankChannelBucket(this, config.stage);
    new CfnOutput(this, 'BankChannelBucketName', {
      value: this.bankBucket.bucketName,
      description: 'The bank channel: pain.001 files under outbox/, bank reports (pain.002, camt.054) into inbox/',
    });

    this.documentsBucket = kycDocumentsBucket(this, config.stage);
    this.sanctionsBucket = sanctionsListsBucket(this, config.stage);
    new CfnOutput(this, 'KycDocumentsBucketName', {
      value: this.documentsBucket.bucketName,
      description: 'Uploaded KYC documents, under kyc-documents/<organization>/<customer>/<document>',
    });

    kycProviderSecret(this, config.stage);

    new CfnOutput(this, 'TableName', { value: this.table.tableName, description: 'TABLE_NAME for the admin CLI' });

    this.alarmTopic = new Topic(this, 'AlarmTopic', {
      displayName: `Payouts ${config.stage} alarms`,
      // Alarm notifications name alarms and states, no customer data; publishers must still use TLS.
      enforceSSL: true,
    });
    if (config.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(config.alarmEmail));
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.alarmTopic.topicArn,
      description: 'Subscribe on-call (e-mail, chat, pager) here',
    });

    new Alarms(this, 'Alarms', { topic: this.alarmTopic }).alarmOnTableThrottles(
      this.table,
      Object.values(TABLE.indexes).map((index) => index.name),
    );
  }
}
