import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { CHAIN_DEFAULTS, CHAIN_WATCHER_HANDLER } from '#infra/aws/chain-watchers.ts';
import { DEFAULT_SUPPORTED_CHAINS } from '#shared/money/chains.ts';
import { appWithoutBundling } from '#test/support/infra/app-without-bundling.ts';

const { events } = appWithoutBundling({
  chainWatchers: JSON.stringify({ base: { confirmations: 30, startBlock: '23000000' } }),
});
const template = Template.fromStack(events);
const ref = (construct: IConstruct) => events.getLogicalId(construct.node.defaultChild as CfnElement);

function statementsOf(roleRef: string): { Action: string | string[]; Resource: unknown }[] {
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: roleRef }]) },
  });
  return Object.values(policies).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}

describe('chain watchers', () => {
  it('deploys one watcher per supported chain, with its token, confirmations and RPC URL parameter', () => {
    expect([...events.chainWatchers.keys()]).toEqual([...DEFAULT_SUPPORTED_CHAINS]);
    const base = events.chainWatchers.get('base');
    const ethereum = events.chainWatchers.get('ethereum');
    if (!base || !ethereum) throw new Error('missing watcher');

    expect(base.entry.endsWith(CHAIN_WATCHER_HANDLER)).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: Match.absent(),
      Environment: {
        Variables: Match.objectLike({
          WATCH_CHAIN: 'base',
          WATCH_USDC_ADDRESS: CHAIN_DEFAULTS.base.usdcAddress,
          WATCH_CONFIRMATIONS: '30',
          WATCH_START_BLOCK: '23000000',
          WATCH_RPC_URL_PARAMETER: '/payouts/dev/rpc-url/base',
          TABLE_NAME: Match.anyValue(),
        }),
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({ WATCH_CHAIN: 'ethereum', WATCH_CONFIRMATIONS: '64' }),
      },
    });
    // The URL is a secret: never an environment variable of its own.
    const variables = Object.values(template.findResources('AWS::Lambda::Function')).map(
      (fn) => fn.Properties.Environment?.Variables ?? {},
    );
    expect(variables.some((v) => 'WATCH_RPC_URL' in v)).toBe(false);
  });

  it('runs each watcher every minute, without retries (the next run carries on from the cursor)', () => {
    for (const fn of events.chainWatchers.values()) {
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(1 minute)',
        Targets: [
          Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(fn), 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } }),
        ],
      });
    }
  });

  it('lets a watcher read exactly its own RPC URL parameter and the table items, never Scan or an index', () => {
    const base = events.chainWatchers.get('base');
    if (!base?.role) throw new Error('no role');

    const statements = statementsOf(ref(base.role));
    const ssm = statements.filter((s) => JSON.stringify(s.Action).includes('ssm:'));
    const actions = statements.flatMap((s) => s.Action);

    expect(ssm).toHaveLength(1);
    expect(ssm[0]?.Action).toBe('ssm:GetParameter');
    expect(JSON.stringify(ssm[0]?.Resource)).toContain(':parameter/payouts/dev/rpc-url/base');
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:BatchGetItem', 'dynamodb:PutItem']));
    expect(actions).not.toContain('dynamodb:Scan');
    expect(JSON.stringify(statements)).not.toContain('/index/');
  });

  it('alarms on each chain lagging behind its head and on its RPC errors', () => {
    for (const chain of DEFAULT_SUPPORTED_CHAINS) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Payouts',
        MetricName: 'ChainWatcherLag',
        Dimensions: Match.arrayWith([{ Name: 'chain', Value: chain }]),
        AlarmActions: Match.anyValue(),
      });
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        Namespace: 'Payouts',
        MetricName: 'ChainRpcErrors',
        Dimensions: Match.arrayWith([{ Name: 'chain', Value: chain }]),
        Threshold: 3,
      });
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ChainWatcherLag',
      Dimensions: Match.arrayWith([{ Name: 'chain', Value: 'base' }]),
      Threshold: 530,
    });
  });
});
