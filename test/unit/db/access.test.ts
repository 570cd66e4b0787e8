import { describe, expect, it } from 'vitest';
import { accessDenial, actionsOfCommand } from '#shared/db/access.ts';

describe('the IAM actions of a DynamoDB command', () => {
  it.each([
    ['GetCommand', ['dynamodb:GetItem']],
    ['GetItemCommand', ['dynamodb:GetItem']],
    ['QueryCommand', ['dynamodb:Query']],
    ['UpdateCommand', ['dynamodb:UpdateItem']],
    ['BatchGetCommand', ['dynamodb:BatchGetItem']],
    ['TransactGetItemsCommand', ['dynamodb:GetItem']],
    ['ScanCommand', ['dynamodb:Scan']],
  ])('%s needs %j', (command, actions) => {
    expect(actionsOfCommand(command)).toEqual(actions);
  });

  it('are, for a transaction, those of the items it holds', () => {
    const input = { TransactItems: [{ Put: {} }, { ConditionCheck: {} }, { Put: {} }] };

    expect(actionsOfCommand('TransactWriteCommand', input)).toEqual([
      'dynamodb:PutItem',
      'dynamodb:ConditionCheckItem',
    ]);
  });

  it('are unknown for anything else', () => {
    expect(actionsOfCommand('ExecuteStatementCommand')).toBeUndefined();
  });
});

describe('what a route access allows', () => {
  it('lets read routes read the table but not write it', () => {
    expect(accessDenial({ table: 'read' }, 'GetCommand')).toBeUndefined();
    expect(accessDenial({ table: 'read' }, 'QueryCommand', { KeyConditionExpression: 'pk = :pk' })).toBeUndefined();
    expect(accessDenial({ table: 'read' }, 'PutCommand')).toMatch(
      /dynamodb:PutItem not allowed by access.table 'read'/,
    );
    expect(accessDenial({ table: 'read' }, 'TransactWriteCommand', { TransactItems: [{ Update: {} }] })).toMatch(
      /UpdateItem/,
    );
  });

  it('lets a read route that takes console sessions update and delete session items, and no others', () => {
    const session = { Key: { pk: 'SESSION#abc', sk: 'SESSION' } };
    const customer = { Key: { pk: 'ORG#o#CUSTOMER#c', sk: 'CUSTOMER' } };
    expect(accessDenial({ table: 'read', sessions: true }, 'UpdateCommand', session)).toBeUndefined();
    expect(accessDenial({ table: 'read', sessions: true }, 'DeleteCommand', session)).toBeUndefined();
    expect(accessDenial({ table: 'read', sessions: true }, 'PutCommand', { Item: { pk: 'SESSION#abc' } })).toMatch(
      /PutItem/,
    );
    expect(accessDenial({ table: 'read', sessions: true }, 'UpdateCommand', customer)).toMatch(/UpdateItem/);
    expect(accessDenial({ table: 'read' }, 'UpdateCommand', session)).toMatch(/UpdateItem/);
  });

  it('lets readwrite routes write, through transactions too, but never scan', () => {
    const transaction = { TransactItems: [{ Put: {} }, { Update: {} }, { Delete: {} }, { ConditionCheck: {} }] };

    expect(accessDenial({ table: 'readwrite' }, 'TransactWriteCommand', transaction)).toBeUndefined();
    expect(accessDenial({ table: 'readwrite' }, 'ScanCommand')).toMatch(/dynamodb:Scan not allowed/);
  });

  it('lets a route query an index only when it declares it', () => {
    const onIndex = { IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk' };

    expect(accessDenial({ table: 'read', indexes: ['gsi1'] }, 'QueryCommand', onIndex)).toBeUndefined();
    expect(accessDenial({ table: 'read' }, 'QueryCommand', onIndex)).toMatch(/index gsi1 is not declared/);
    expect(accessDenial({ table: 'read', indexes: ['gsi1'] }, 'QueryCommand', { IndexName: 'gsi9' })).toMatch(
      /index gsi9/,
    );
  });

  it('lets a route without table access do nothing at all', () => {
    expect(accessDenial({ table: 'none' }, 'GetCommand')).toMatch(/not allowed by access.table 'none'/);
  });
});
