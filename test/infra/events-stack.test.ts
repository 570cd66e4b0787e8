import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '#shared/events/contracts.ts';
import { BUS_RULES } from '#shared/events/routing.ts';
import { appWithoutBundling } from '#test/infra/app-without-bundling.ts';

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

    expect(mapping.EventSourceArn['Fn::ImportValue']).toMatch(/^PayoutsStateful:.*Table.*StreamArn/);
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
    const rules = template.findResources('AWS::Events::Rule');
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
