import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { WAITING_MEASURE_HANDLER } from '#infra/aws/waiting-measure.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { appWithoutBundling } from '#test/support/infra/app-without-bundling.ts';

/** The scheduled measure of what waits (infra/aws/waiting-measure.ts): its schedule, its reads only, its alarms. */
const { events } = appWithoutBundling();
const template = Template.fromStack(events);
const ref = (construct: IConstruct) => events.getLogicalId(construct.node.defaultChild as CfnElement);

describe('the waiting measure', () => {
  const fn = events.waitingMeasure;

  it('runs the measure every 15 minutes, a missed run made up by the next', () => {
    const rules = Object.values(
      template.findResources('AWS::Events::Rule', {
        Properties: { Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(fn), 'Arn'] } })] },
      }),
    );

    expect(fn.entry).toBe(path.join(REPO_ROOT, WAITING_MEASURE_HANDLER));
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({ ScheduleExpression: 'rate(15 minutes)', State: 'ENABLED' });
    expect(rules[0]?.Properties.Targets[0].RetryPolicy).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('may only read the table, its queues (gsi2) and the transactions of organizations (gsi3): no write, no scan', () => {
    if (!fn.role) throw new Error('no role');
    const policies = template.findResources('AWS::IAM::Policy', {
      Properties: { Roles: Match.arrayWith([{ Ref: ref(fn.role) }]) },
    });
    const statements = Object.values(policies)
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
      .filter((s: { Action: string | string[] }) => JSON.stringify(s.Action).includes('dynamodb:'));
    const actions = new Set(statements.flatMap((s: { Action: string | string[] }) => s.Action));
    const resources = JSON.stringify(statements.map((s: { Resource: unknown }) => s.Resource));

    expect([...actions].sort()).toEqual(['dynamodb:GetItem', 'dynamodb:Query']);
    expect(resources).toContain('/index/gsi2');
    expect(resources).toContain('/index/gsi3');
    expect(resources).not.toContain('/index/gsi1');
  });

  it('alarms on a delivered file unanswered past its rail window, and on each review queue older than a day', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'PaymentFilesUnanswered',
      Namespace: 'Payouts',
      Statistic: 'Maximum',
      Period: 900,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    for (const queue of ['KYC', 'SCREENING', 'SUSPENSE']) {
      template.hasResourceProperties('AWS::CloudWatch::Alarm', {
        MetricName: 'ReviewQueueOldestSeconds',
        Dimensions: Match.arrayWith([{ Name: 'queue', Value: queue }]),
        Statistic: 'Maximum',
        Threshold: 86_400,
        ComparisonOperator: 'GreaterThanThreshold',
      });
    }
  });
});
