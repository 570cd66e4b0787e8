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
    /**
     * Sparse: only items waiting for a deadline carry `gsi2pk` (withdrawals due to expire or to settle), so the
     * sweeps query just those instead of scanning the table.
     */
    gsi2: { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    /**
     * Organization-wide lists of items that gsi1 already lists per owner: an organization's transactions across
     * its customers, newest first (the console's transactions view).
     */
    gsi3: { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  },
} as const;

export type IndexName = keyof typeof TABLE.indexes;

/** The CreateTable input used locally and in tests; the CDK stack declares the same shape. */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, indexes } = TABLE;
  const indexList = Object.values(indexes);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: [
      partitionKey,
      sortKey,
      ...indexList.flatMap((index) => [index.partitionKey, index.sortKey]),
    ].map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: indexList.map(globalSecondaryIndex),
    StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' as const },
  };
}

/** One index as CreateTable and UpdateTable declare it (every attribute projected). */
export function globalSecondaryIndex(index: (typeof TABLE.indexes)[keyof typeof TABLE.indexes]) {
  return {
    IndexName: index.name,
    KeySchema: [
      { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType: 'ALL' as const },
  };
}
