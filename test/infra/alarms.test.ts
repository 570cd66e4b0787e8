import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { Alarms } from '#infra/aws/alarms.ts';

/** The helpers the events stack calls for its queues, on a stack of their own. */
const app = new App({ builtinCloudFormationValidation: false });
const stack = new Stack(app, 'QueueAlarms');
const topic = new Topic(stack, 'AlarmTopic');
const deadLetters = new Queue(stack, 'WebhookDlq');
const work = new Queue(stack, 'WebhookQueue', { deadLetterQueue: { queue: deadLetters, maxReceiveCount: 5 } });
const alarms = new Alarms(stack, 'Alarms', { topic });
alarms.alarmOnDlq(deadLetters);
alarms.alarmOnQueueDepth(work, { maxAgeSeconds: 600 });
const template = Template.fromStack(stack);

const ref = (construct: IConstruct) => ({ Ref: stack.getLogicalId(construct.node.defaultChild as CfnElement) });
const queueName = (queue: Queue) => ({
  'Fn::GetAtt': [stack.getLogicalId(queue.node.defaultChild as CfnElement), 'QueueName'],
});

describe('queue alarms', () => {
  it('fire on the first message in a dead-letter queue, and notify the topic both ways', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: queueName(deadLetters) }],
      Statistic: 'Maximum',
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [ref(topic)],
      OKActions: [ref(topic)],
    });
  });

  it('fire when a queue is not drained: its oldest message older than the limit for ten minutes', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateAgeOfOldestMessage',
      Dimensions: [{ Name: 'QueueName', Value: queueName(work) }],
      Threshold: 600,
      Period: 300,
      EvaluationPeriods: 2,
      AlarmActions: [ref(topic)],
    });
  });

  it('treat no data (an idle queue) as fine', () => {
    template.allResourcesProperties('AWS::CloudWatch::Alarm', { TreatMissingData: 'notBreaching' });
    expect(Object.keys(template.findResources('AWS::CloudWatch::Alarm'))).toHaveLength(2);
  });
});
