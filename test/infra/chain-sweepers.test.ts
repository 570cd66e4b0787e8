import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { CHAIN_SWEEPER_HANDLER } from '#infra/aws/chain-sweepers.ts';
import { CHAIN_DEFAULTS } from '#infra/aws/chain-watchers.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

/** Custody in AWS: the relayer's KMS key, a sweeper per chain with a factory, least privilege, alarms. */
const { events } = appWithoutBundling(FULL_CONTEXT);
const template = Template.fromStack(events);
const { events: bare } = appWithoutBundling();

describe('chain sweepers', () => {
  it('deploys a sweeper only for the chains with a forwarder factory, and no key without one', () => {
    expect([...events.chainSweepers.sweepers.keys()]).toEqual(['base']);
    expect(bare.chainSweepers.relayerKey).toBeUndefined();
    expect(Template.fromStack(bare).findResources('AWS::KMS::Key')).toEqual({});
    const base = events.chainSweepers.sweepers.get('base');
    expect(base?.entry.endsWith(CHAIN_SWEEPER_HANDLER)).toBe(true);
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: {
        Variables: Match.objectLike({
          SWEEP_CHAIN: 'base',
          SWEEP_USDC_ADDRESS: CHAIN_DEFAULTS.base.usdcAddress,
          SWEEP_THRESHOLD_USDC: '250',
          SWEEP_RPC_URL_PARAMETER: '/payouts/prod/rpc-url/base',
          DEPOSIT_FORWARDERS: FULL_CONTEXT.depositForwarders,
        }),
      },
    });
  });

  it('keeps the relayer key in KMS as secp256k1 for signing, retained', () => {
    template.hasResource('AWS::KMS::Key', {
      Properties: Match.objectLike({ KeySpec: 'ECC_SECG_P256K1', KeyUsage: 'SIGN_VERIFY' }),
      DeletionPolicy: 'Retain',
    });
  });

  it('lets only the sweepers and treasury senders use the key, and only to sign and read its public key', () => {
    const key = events.chainSweepers.relayerKey;
    if (!key) throw new Error('no relayer key');
    const keyRef = events.getLogicalId(key.node.defaultChild as CfnElement);
    const policies = Object.values(template.findResources('AWS::IAM::Policy'));
    const usingKey = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Resource).includes(keyRef))
        .map((statement) => ({ roles: policy.Properties.Roles, actions: [statement.Action].flat().sort() })),
    );
    const roleOf = (fn: { role?: { node: { defaultChild?: unknown } } } | undefined) => {
      if (!fn?.role) throw new Error('no role');
      return { Ref: events.getLogicalId(fn.role.node.defaultChild as CfnElement) };
    };
    const signing = ['kms:GetPublicKey', 'kms:Sign'];
    expect(usingKey).toEqual([
      { roles: [roleOf(events.chainSweepers.sweepers.get('base'))], actions: signing },
      { roles: [roleOf(events.treasurySenders.get('base'))], actions: signing },
    ]);
  });

  it('alarms when an organization custody books disagree, from the sweeper that checks them and may read gsi1', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'CustodyBooksDisagree',
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      Dimensions: Match.arrayWith([{ Name: 'chain', Value: 'base' }]),
    });
    const sweeper = events.chainSweepers.sweepers.get('base');
    if (!sweeper?.role) throw new Error('no sweeper role');
    const sweeperRole = events.getLogicalId(sweeper.role.node.defaultChild as CfnElement);
    const indexReads = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(sweeperRole))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: unknown; Resource: unknown }[])
      .filter((statement) => JSON.stringify(statement.Resource).includes('/index/'));
    expect(JSON.stringify(indexReads)).toContain('/index/gsi1');
    expect(JSON.stringify(indexReads)).not.toMatch(/index\/gsi[2-9]/);
  });

  it('alarms on the relayer gas balance and on deposits left unswept', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'RelayerGasBalanceGwei',
      ComparisonOperator: 'LessThanThreshold',
      Dimensions: Match.arrayWith([{ Name: 'chain', Value: 'base' }]),
    });
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'OldestUnsweptSeconds',
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
  });
});
