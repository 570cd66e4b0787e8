/**
 * The physical shape of the single table, shared by the CDK stack, the local runtime and the test setup so
 * the three can never disagree.
 */
export const TABLE = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Time to live, epoch seconds: DynamoDB deletes expired items (event records, idempotency records). */
  ttlAttribute: 'expiresAt',
  indexes: {
    /** Lists ordered by time within one owner (customers of an organization, keys of an organization). */
    gsi1: { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
  },
} as const;

export type IndexName = keyof typeof TABLE.indexes;

/** The CreateTable input used locally and in tests; the CDK stack declares the same shape. */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, indexes } = TABLE;
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [partitionKey, sortKey, indexes.gsi1.partitionKey, indexes.gsi1.sortKey].map((name) => ({
      AttributeName: name,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: [
      {
        IndexName: indexes.gsi1.name,
        KeySchema: [
          { AttributeName: indexes.gsi1.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: indexes.gsi1.sortKey, KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      },
    ],
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
  };
}
