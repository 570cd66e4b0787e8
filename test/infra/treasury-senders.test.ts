import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CHAIN_DEFAULTS } from '#infra/aws/chain-watchers.ts';
import { TREASURY_SENDER_HANDLER } from '#infra/aws/treasury-senders.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

/** USDC out of the treasuries in AWS: a scheduled sender per chain with the relayer, and its alarm. */
const { events } = appWithoutBundling(FULL_CONTEXT);
const template = Template.fromStack(events);
const { events: bare } = appWithoutBundling();

describe('treasury senders', () => {
  it('deploys a sender per chain with the relayer, scheduled every minute, with the relayer key and chain', () => {
    expect([...events.treasurySenders.keys()]).toEqual(['base']);
    expect(bare.treasurySenders.size).toBe(0);
    expect(events.treasurySenders.get('base')?.entry.endsWith(TREASURY_SENDER_HANDLER)).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Treasury sends on base',
      Environment: {
        Variables: Match.objectLike({
          SWEEP_CHAIN: 'base',
          SWEEP_USDC_ADDRESS: CHAIN_DEFAULTS.base.usdcAddress,
          SWEEP_RPC_URL_PARAMETER: '/payouts/prod/rpc-url/base',
          SWEEP_KMS_KEY_ID: Match.anyValue(),
        }),
      },
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Description: Match.stringLikeRegexp('^Sends USDC out of the treasuries on base'),
    });
  });

  it('alarms when sends wait because a treasury cannot cover them', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'TreasurySendsShort',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Dimensions: Match.arrayWith([{ Name: 'chain', Value: 'base' }]),
    });
  });
});
