import { existsSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { MOVER_SILENCE_PERIODS, SWEEPS } from '#infra/aws/events-stack.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { EVENT_TYPES } from '#shared/events/contracts.ts';
import { BUS_RULES } from '#shared/events/routing.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

const { events } = appWithoutBundling();
const template = Template.fromStack(events);

const ref = (construct: IConstruct) => events.getLogicalId(construct.node.defaultChild as CfnElement);
const arnOf = (construct: IConstruct) => ({ 'Fn::GetAtt': [ref(construct), 'Arn'] });

/** Every statement of the policies attached to a function's role. */
function statementsOf(fn: IFunction): { Action: string | string[]; Resource: unknown }[] {
  if (!fn.role) throw new Error('function has no role');
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: ref(fn.role) }]) },
  });
  return Object.values(policies).flatMap((policy) => policy.Properties.PolicyDocument.Statement);
}
const actionsOf = (fn: IFunction) => statementsOf(fn).flatMap((s) => s.Action);

function mappingOf(fn: IFunction) {
  const mappings = Object.values(
    template.findResources('AWS::Lambda::EventSourceMapping', { Properties: { FunctionName: { Ref: ref(fn) } } }),
  );
  expect(mappings).toHaveLength(1);
  return mappings[0]?.Properties;
}

describe('events stack', () => {
  it('relays the table stream, filtered to new outbox items, with partial batch failures and a dead letter', () => {
    const mapping = mappingOf(events.relay);

    expect(mapping.EventSourceArn['Fn::GetStackOutput']).toMatchObject({
      StackName: 'payouts-dev-stateful',
      OutputName: expect.stringMatching(/Table.*StreamArn/),
    });
    expect(JSON.parse(mapping.FilterCriteria.Filters[0].Pattern)).toEqual({
      eventName: ['INSERT'],
      dynamodb: { NewImage: { entity: { S: ['EVENT', 'WEBHOOK_REDELIVERY'] } } },
    });
    expect(mapping).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      DestinationConfig: { OnFailure: { Destination: arnOf(events.eventsDeadLetterQueue) } },
    });
  });

  it('lets the relay put events on its bus and nothing else beyond reading the stream', () => {
    const statements = statementsOf(events.relay);
    const put = statements.find((s) => s.Action === 'events:PutEvents');

    expect(put?.Resource).toEqual(arnOf(events.bus));
    expect(
      actionsOf(events.relay)
        .filter((a) => a.startsWith('dynamodb:'))
        .sort(),
    ).toEqual(['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams']);
    expect(mappingOf(events.relay)).toBeDefined();
  });

  it('has one rule per entry of the shared routing definition, each on the bus with a dead-lettered queue target', () => {
    const rules = template.findResources('AWS::Events::Rule', { Properties: { EventBusName: Match.anyValue() } });
    expect(Object.keys(rules)).toHaveLength(BUS_RULES.length);
    for (const rule of BUS_RULES) {
      const resource = rules[ref(events.rules.get(rule.id) as IConstruct)];
      expect(resource?.Properties, rule.id).toMatchObject({
        EventBusName: { Ref: ref(events.bus) },
        EventPattern: { source: rule.pattern.source, 'detail-type': rule.pattern['detail-type'] },
        Targets: [
          {
            Arn: arnOf(events.webhookQueue),
            DeadLetterConfig: { Arn: arnOf(events.eventsDeadLetterQueue) },
          },
        ],
      });
    }
  });

  it('routes every event type to the webhook queue', () => {
    const routed = BUS_RULES.filter((r) => r.pattern.source.includes('payouts')).flatMap(
      (r) => r.pattern['detail-type'],
    );

    expect([...routed].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('gives the webhook queue a dead-letter queue and a visibility timeout six times the sender timeout', () => {
    const queues = template.findResources('AWS::SQS::Queue');
    const queue = queues[ref(events.webhookQueue)]?.Properties;
    const senderTimeout = template.findResources('AWS::Lambda::Function')[ref(events.sender)]?.Properties.Timeout;

    expect(queue.RedrivePolicy).toEqual({
      deadLetterTargetArn: arnOf(events.webhookDeadLetterQueue),
      maxReceiveCount: 5,
    });
    expect(queue.VisibilityTimeout).toBe(senderTimeout * 6);
    for (const q of Object.values(queues)) expect(q.Properties.SqsManagedSseEnabled).toBe(true);
  });

  it('consumes the webhook queue with partial batch failures and bounded concurrency', () => {
    expect(mappingOf(events.sender)).toMatchObject({
      EventSourceArn: arnOf(events.webhookQueue),
      BatchSize: 10,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      ScalingConfig: { MaximumConcurrency: 5 },
    });
  });

  it('lets the sender read and write its items and queue messages, but not delete, scan or reach the bus', () => {
    const actions = actionsOf(events.sender);
    const table = statementsOf(events.sender).find((s) => [s.Action].flat().includes('dynamodb:PutItem'));

    expect(actions.filter((a) => a.startsWith('dynamodb:')).sort()).toEqual([
      'dynamodb:GetItem',
      'dynamodb:PutItem',
      'dynamodb:Query',
      'dynamodb:UpdateItem',
    ]);
    expect(actions).toEqual(expect.arrayContaining(['sqs:SendMessage', 'sqs:ReceiveMessage', 'sqs:DeleteMessage']));
    expect(actions.some((a) => a.startsWith('events:'))).toBe(false);
    const sends = statementsOf(events.sender).filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    expect(sends.map((s) => s.Resource)).toEqual([arnOf(events.webhookQueue)]);
    expect(JSON.stringify(table?.Resource)).toContain('Table');
  });

  it('runs the shared handler files, the sender with its queue URL and without sandbox loopback', () => {
    const functions = template.findResources('AWS::Lambda::Function');
    const env = functions[ref(events.sender)]?.Properties.Environment.Variables;

    expect(env).toMatchObject({
      WEBHOOK_QUEUE_URL: { Ref: ref(events.webhookQueue) },
      WEBHOOK_SANDBOX_LOOPBACK: 'deny',
    });
    expect(functions[ref(events.relay)]?.Properties.Environment.Variables.EVENT_BUS_NAME).toEqual({
      Ref: ref(events.bus),
    });
  });
});

describe('events stack alarms', () => {
  const alarms = Object.values(template.findResources('AWS::CloudWatch::Alarm')).map((alarm) => alarm.Properties);
  const on = (metricName: string, dimension: unknown) =>
    alarms.filter(
      (alarm) =>
        alarm.MetricName === metricName && JSON.stringify(alarm.Dimensions).includes(JSON.stringify(dimension)),
    );

  it('fire at the first message in either dead-letter queue', () => {
    for (const dlq of [events.eventsDeadLetterQueue, events.webhookDeadLetterQueue]) {
      const [alarm, ...others] = on('ApproximateNumberOfMessagesVisible', { 'Fn::GetAtt': [ref(dlq), 'QueueName'] });

      expect(others).toEqual([]);
      expect(alarm).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    }
  });

  it('fire when the webhook queue backs up or the relay falls behind the stream', () => {
    expect(on('ApproximateAgeOfOldestMessage', { 'Fn::GetAtt': [ref(events.webhookQueue), 'QueueName'] })).toHaveLength(
      1,
    );
    expect(on('IteratorAge', { Ref: ref(events.relay) })).toEqual([
      expect.objectContaining({ Threshold: 300_000, Statistic: 'Maximum' }),
    ]);
  });

  it('watch both functions for errors and throttles', () => {
    for (const fn of [events.relay, events.sender]) {
      expect(on('Errors', { Ref: ref(fn) })).toHaveLength(1);
      expect(on('Throttles', { Ref: ref(fn) })).toHaveLength(1);
    }
    for (const alarm of alarms) expect(JSON.stringify(alarm.AlarmActions)).toContain('AlarmTopic');
  });
});

describe('withdrawal sweeps', () => {
  const sweepOf = (id: keyof typeof SWEEPS) => {
    const fn = events.sweeps.get(id);
    if (!fn) throw new Error(`no sweep ${id}`);
    return fn;
  };

  it('run the shared sweep modules every minute, from a schedule that does not retry a missed run', () => {
    for (const id of Object.keys(SWEEPS) as (keyof typeof SWEEPS)[]) {
      const fn = sweepOf(id);
      const [rule, ...others] = Object.values(
        template.findResources('AWS::Events::Rule', {
          Properties: { Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(fn), 'Arn'] } })] },
        }),
      );

      expect(others).toEqual([]);
      expect(rule?.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' });
      expect(rule?.Properties.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 0 });
      expect(fn.entry).toBe(path.join(REPO_ROOT, SWEEPS[id].handler));
      expect(existsSync(fn.entry)).toBe(true);
    }
  });

  it('may read and write the table and query the timer index, nothing else of it', () => {
    for (const id of Object.keys(SWEEPS) as (keyof typeof SWEEPS)[]) {
      const statements = statementsOf(sweepOf(id)).filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));
      const resources = statements.map((s) => JSON.stringify(s.Resource));

      expect(statements.flatMap((s) => [s.Action].flat()).sort()).toEqual([
        'dynamodb:BatchGetItem',
        'dynamodb:ConditionCheckItem',
        'dynamodb:DeleteItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
      ]);
      expect(resources.filter((r) => r.includes('/index/'))).toEqual([expect.stringContaining('/index/gsi2')]);
    }
  });

  it('leave the sandbox bank simulator out when sandbox settlement is off', () => {
    const configured = appWithoutBundling(FULL_CONTEXT).events;

    expect([...configured.sweeps.keys()]).toEqual(['WithdrawalExpirySweep', 'PayoutBatcher', 'BankTransfer']);
  });
});

describe('the reference rates fetcher', () => {
  it('fetches hourly, retrying a failed run twice, from the shared handler module', () => {
    const fn = events.referenceRates;
    if (!fn) throw new Error('no reference rates fetcher by default');
    const rules = Object.values(
      template.findResources('AWS::Events::Rule', {
        Properties: { Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [ref(fn), 'Arn'] } })] },
      }),
    );

    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties).toMatchObject({ ScheduleExpression: 'rate(1 hour)', State: 'ENABLED' });
    expect(rules[0]?.Properties.Targets[0].RetryPolicy).toEqual({ MaximumRetryAttempts: 2 });
    expect(existsSync(fn.entry)).toBe(true);
  });

  it('alarms when the stored rate is stale, as the fetcher reports after every run', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      MetricName: 'ReferenceRatesStale',
      Namespace: 'Payouts',
      Statistic: 'Maximum',
      Period: 3600,
      Threshold: 1,
    });
  });

  it('may read and put the reference rates item and nothing else', () => {
    const fn = events.referenceRates;
    if (!fn) throw new Error('no reference rates fetcher by default');
    const statements = statementsOf(fn).filter((s) => JSON.stringify(s.Action).includes('dynamodb:'));

    expect(statements).toEqual([
      expect.objectContaining({
        Action: ['dynamodb:GetItem', 'dynamodb:PutItem'],
        Condition: { 'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['REFERENCERATES#ECB'] } },
      }),
    ]);
  });

  it('is not deployed when live organizations use fixed rates', () => {
    expect(
      appWithoutBundling({ ...FULL_CONTEXT, referenceRatesSource: 'fixed' }).events.referenceRates,
    ).toBeUndefined();
  });
});

describe('the bank channel in the events stack', () => {
  it("triggers the report function for the shared inbox and every organization's inbox, never an outbox", () => {
    const rules = Object.values(
      template.findResources('AWS::Events::Rule', { Properties: { EventPattern: { source: ['aws.s3'] } } }),
    );
    expect(rules).toHaveLength(1);
    expect(rules[0]?.Properties.EventPattern.detail.object.key).toEqual([
      { prefix: 'inbox/' },
      { wildcard: 'sandbox/*/inbox/*' },
      { wildcard: 'live/*/inbox/*' },
    ]);
  });

  it('lets the mover write reports into the live inboxes and sent files into the live sent folders only, and the sandbox bank into the sandbox inboxes only', () => {
    const writes = (id: 'BankTransfer' | 'SandboxBankSimulator') => {
      const fn = events.sweeps.get(id) ?? expect.fail(`no ${id}`);
      return statementsOf(fn)
        .filter((s) => s.Action === 's3:PutObject')
        .flatMap((s) => (Array.isArray(s.Resource) ? s.Resource : [s.Resource]))
        .map((resource) => JSON.stringify(resource).match(/\/([a-z*/]+)\/\*"/)?.[1]);
    };
    expect(writes('BankTransfer').sort()).toEqual(['live/*/inbox', 'live/*/sent', 'quarantine']);
    expect(writes('SandboxBankSimulator')).toEqual(['sandbox/*/inbox']);
  });

  it('alarms when the mover has not run for three five-minute periods, a missing datapoint counting as none', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      ComparisonOperator: 'LessThanThreshold',
      Threshold: 1,
      EvaluationPeriods: MOVER_SILENCE_PERIODS,
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'FILL(runs, 0)' }),
        Match.objectLike({
          Id: 'runs',
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'BankTransferRuns' }) }),
        }),
      ]),
    });
  });
});
