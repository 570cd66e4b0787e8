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

/**
 * The deposit wallet configuration, from context (`cdk deploy -c depositXpub=xpub... -c supportedChains=base,...`)
 * or the deploying shell's DEPOSIT_XPUB / SUPPORTED_CHAINS. Unset, creating a bank fails until it is set.
 */
export function depositWalletEnvironment(app: App): Record<string, string> {
  const xpub = app.node.tryGetContext('depositXpub') ?? process.env.DEPOSIT_XPUB;
  const chains = app.node.tryGetContext('supportedChains') ?? process.env.SUPPORTED_CHAINS;
  return {
    ...(xpub ? { DEPOSIT_XPUB: String(xpub) } : {}),
    ...(chains ? { SUPPORTED_CHAINS: String(chains) } : {}),
  };
}

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
    environment: depositWalletEnvironment(app),
  });
  const events = new EventsStack(app, 'PayoutsEvents', {
    env,
    description: 'Payout service: table stream -> event bus -> webhook queue -> webhook sender',
    table: stateful.table,
  });
  return { app, stateful, api, events };
}
