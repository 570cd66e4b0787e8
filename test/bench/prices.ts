/**
 * AWS list prices the benchmark prices its operations at: one region, us-east-1 (N. Virginia), on-demand, x86,
 * without free tiers or volume discounts. Sources: aws.amazon.com/dynamodb/pricing/on-demand/ (the prices since the
 * on-demand cut of 2024-11-01), aws.amazon.com/lambda/pricing/, aws.amazon.com/api-gateway/pricing/ (HTTP APIs,
 * first 300 million a month), aws.amazon.com/eventbridge/pricing/ (custom events), aws.amazon.com/sqs/pricing/
 * (standard queue requests). Prices as of 2024-11-01, the last change among them; check them before quoting.
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
  },
  /** USD per GB-second of Lambda duration (x86). */
  lambdaGbSecond: 0.0000166667,
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
};

export const NO_USAGE: Usage = {
  readUnits: 0,
  writeUnits: 0,
  lambdaInvocations: 0,
  lambdaGbSeconds: 0,
  httpApiRequests: 0,
  events: 0,
  sqsRequests: 0,
};

export const addUsage = (a: Usage, b: Usage, times = 1): Usage => ({
  readUnits: a.readUnits + b.readUnits * times,
  writeUnits: a.writeUnits + b.writeUnits * times,
  lambdaInvocations: a.lambdaInvocations + b.lambdaInvocations * times,
  lambdaGbSeconds: a.lambdaGbSeconds + b.lambdaGbSeconds * times,
  httpApiRequests: a.httpApiRequests + b.httpApiRequests * times,
  events: a.events + b.events * times,
  sqsRequests: a.sqsRequests + b.sqsRequests * times,
});

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
    usage.lambdaGbSeconds * 1_000_000 * PRICES.lambdaGbSecond
  );
}
