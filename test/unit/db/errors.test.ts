import {
  ConditionalCheckFailedException,
  DynamoDBServiceException,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ResourceNotFoundException,
  ThrottlingException,
  TransactionCanceledException,
  TransactionInProgressException,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { cancellationCodes, isTransientDatabaseError } from '#shared/db/errors.ts';

const meta = { $metadata: {} };
const cancelled = (...codes: string[]) =>
  new TransactionCanceledException({
    message: 'cancelled',
    ...meta,
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

describe('isTransientDatabaseError', () => {
  it.each([
    ['throughput exceeded', new ProvisionedThroughputExceededException({ message: 'x', ...meta })],
    ['request limit exceeded', new RequestLimitExceeded({ message: 'x', ...meta })],
    ['throttling', new ThrottlingException({ message: 'x', ...meta })],
    ['an internal server error', new InternalServerError({ message: 'x', ...meta })],
    ['a transaction in progress', new TransactionInProgressException({ message: 'x', ...meta })],
    ['a transaction cancelled by throttling', cancelled('None', 'ThrottlingError')],
    ['a transaction cancelled by a conflict', cancelled('TransactionConflict', 'None')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    [
      'a server fault the model does not name',
      new DynamoDBServiceException({ name: 'InternalFailure', $fault: 'server', ...meta }),
    ],
    ['a timeout the SDK marks retryable', Object.assign(new Error('timeout'), { $retryable: { throttling: false } })],
  ])('treats %s as transient', (_case, error) => {
    expect(isTransientDatabaseError(error)).toBe(true);
  });

  it.each([
    ['a failed condition', new ConditionalCheckFailedException({ message: 'x', ...meta })],
    ['a transaction cancelled by a condition', cancelled('ConditionalCheckFailed', 'None')],
    ['a condition failure next to throttling', cancelled('ConditionalCheckFailed', 'ThrottlingError')],
    ['a missing table', new ResourceNotFoundException({ message: 'x', ...meta })],
    ['a programming error', new TypeError('undefined is not a function')],
    ['a thrown string', 'boom'],
    ['undefined', undefined],
  ])('does not treat %s as transient', (_case, error) => {
    expect(isTransientDatabaseError(error)).toBe(false);
  });
});

describe('cancellationCodes', () => {
  it('lists one code per transaction item, None for those that passed', () => {
    const error = new TransactionCanceledException({
      message: 'cancelled',
      ...meta,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ConditionalCheckFailed' }, {}],
    });

    expect(cancellationCodes(error)).toEqual(['None', 'ConditionalCheckFailed', 'None']);
  });

  it('is undefined for other errors', () => {
    expect(cancellationCodes(new Error('x'))).toBeUndefined();
  });
});
