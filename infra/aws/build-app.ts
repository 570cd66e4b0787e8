import { App, type Environment, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from '#infra/aws/api-stack.ts';
import { readDeploymentConfig } from '#infra/aws/config.ts';
import { ConsoleStack } from '#infra/aws/console-stack.ts';
import { EventsStack } from '#infra/aws/events-stack.ts';
import { assertReadyForLive } from '#infra/aws/live-readiness.ts';
import { StatefulStack } from '#infra/aws/stateful-stack.ts';

export type BuildAppProps = {
  /** Omitted: environment-agnostic stacks, which synthesize without credentials. */
  env?: Environment;
  /**
   * Extra context: deployment settings as `-c` would give them (see infra/aws/config.ts), or
   * `{ 'aws:cdk:bundling-stacks': [] }` in tests to skip bundling.
   */
  context?: Record<string, unknown>;
  outdir?: string;
  /**
   * Runs cdk-nag's AWS Solutions checks on every stack at synth; a finding nobody acknowledged with a reason
   * fails it. (The infra tests run the same pack on the construct tree directly.)
   */
  nag?: boolean;
  /** Checks the templates against the CloudFormation resource schemas at synth (seconds per synth; tests pick). */
  validateTemplates?: boolean;
};

/**
 * The whole deployment: the stateful stack (table, alarm topic), and the stateless stacks that use them (API,
 * events). A new stack takes `stateful.table`, `stateful.alarmTopic` and `config`, and a `stackName(...)`.
 */
export function buildApp({ env, context, outdir, nag = false, validateTemplates = true }: BuildAppProps = {}) {
  const app = new App({
    ...(context ? { context } : {}),
    ...(outdir ? { outdir } : {}),
    builtinCloudFormationValidation: validateTemplates,
  });
  const config = readDeploymentConfig(app.node);
  assertReadyForLive(config);
  const stackName = (suffix: string) => `payouts-${config.stage}-${suffix}`;
  Tags.of(app).add('service', 'payouts');
  Tags.of(app).add('stage', config.stage);

  const stateful = new StatefulStack(app, 'PayoutsStateful', {
    env,
    stackName: stackName('stateful'),
    description: 'Payout service: the DynamoDB table (retained on delete) and the alarm topic',
    config,
  });
  const api = new ApiStack(app, 'PayoutsApi', {
    env,
    stackName: stackName('api'),
    description: 'Payout service: HTTP API and one Lambda function per route, in a nested stack per area',
    table: stateful.table,
    alarmTopic: stateful.alarmTopic,
    bankBucket: stateful.bankBucket,
    config,
  });

  const events = new EventsStack(app, 'PayoutsEvents', {
    env,
    stackName: stackName('events'),
    description: 'Payout service: table stream -> event bus -> webhook queue -> webhook sender',
    table: stateful.table,
    alarmTopic: stateful.alarmTopic,
    bankBucket: stateful.bankBucket,
    config,
  });

  const consoleHosting = new ConsoleStack(app, 'PayoutsConsole', {
    env,
    stackName: stackName('console'),
    description: 'Payout service: the organization console (S3 + CloudFront) with the API behind the same origin',
    api: api.api,
    stage: config.stage,
  });

  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
  return { app, config, stateful, api, events, consoleHosting };
}
