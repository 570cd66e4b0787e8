import '#test/support/env.ts';
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { handler as expireWithdrawals } from '#functions/events/expire-withdrawals.ts';
import { TIMER_SHARDS } from '#shared/db/keys.ts';
import { mockDocumentClient } from '#test/support/db/document-client-mock.ts';

const ddb = mockDocumentClient();

beforeEach(() => {
  ddb.reset();
  ddb.on(QueryCommand).resolves({ Items: [] });
});

describe('scheduled sweeps', () => {
  it.each([['expiry', expireWithdrawals, 'EXPIRE']])(
    'the %s sweep queries the due part of each gsi2 timer shard and never scans',
    async (_name, handler, kind) => {
      const result = await handler();

      expect(result).toEqual({ due: 0, changed: 0 });
      expect(ddb.commandCalls(ScanCommand)).toHaveLength(0);
      const queries = ddb.commandCalls(QueryCommand).map((call) => call.args[0].input);
      expect(queries).toHaveLength(TIMER_SHARDS);
      queries.forEach((query, shard) => {
        expect(query).toMatchObject({
          IndexName: 'gsi2',
          KeyConditionExpression: '#pk = :pk AND #sk < :upTo',
          ExpressionAttributeValues: {
            ':pk': `TIMER#${kind}#${shard}`,
            ':upTo': expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z~$/),
          },
        });
      });
    },
  );
});
