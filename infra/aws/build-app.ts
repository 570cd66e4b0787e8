import { App, type Environment } from 'aws-cdk-lib';
import { ApiStack } from '#infra/aws/api-stack.ts';
import { EventsStack } from '#infra/aws/events-stack.ts';
import { StatefulStack } from '#infra/aws/stateful-stack.ts';

export type BuildAppProps = {
  /** Omitted: environment-agnostic stacks, which synthesize without credentials. */
  env?: Environment;
  /** Extra context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` in tests to skip bundling. */
  context?: Record<string, unknown>;
  outdir?: string;
};

/** The whole deployment: the stateful stack, and the stateless stacks that use its table. */
export function buildApp({ env, context, outdir }: BuildAppProps = {}) {
  const app = new App({ ...(context ? { context } : {}), ...(outdir ? { outdir } : {}) });
  const stateful = new StatefulStack(app, 'PayoutsStateful', {
    env,
    description: 'Payout service: the DynamoDB table (retained on delete)',
  });
  const api = new ApiStack(app, 'PayoutsApi', {
    env,
    description: 'Payout service: HTTP API and one Lambda function per route',
    table: stateful.table,
  });
  const events = new EventsStack(app, 'PayoutsEvents', {
    env,
    description: 'Payout service: table stream -> event bus -> webhook queue -> webhook sender',
    table: stateful.table,
  });
  return { app, stateful, api, events };
}
