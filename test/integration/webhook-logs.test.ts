import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createWebhookEndpoint } from '#shared/webhooks/create-webhook-endpoint.ts';
import { rotateWebhookSecret } from '#shared/webhooks/rotate-webhook-secret.ts';
import { handleWebhookBatch } from '#shared/webhooks/send-webhooks.ts';
import { givenOrganization } from '#test/support/deps.ts';
import { busEventMessage, customerCreated, senderTestDeps } from '#test/support/webhooks/sender.ts';

// Everything down to info is written in this file, so there is something to search; read at the first log line.
process.env.LOG_LEVEL = 'info';

let written: string[];
let spies: MockInstance[];

beforeEach(() => {
  written = [];
  const capture = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
});

afterEach(() => {
  for (const spy of spies) spy.mockRestore();
});

const sqsRecord = (body: string, messageId: string) =>
  ({ body, messageId }) as Parameters<typeof handleWebhookBatch>[1][number];

describe('webhook logs', () => {
  it('never contain a signing secret, through attempts, failures and a poison message', async () => {
    const t = senderTestDeps({ answer: () => 500 });
    const org = await givenOrganization(t.deps);
    const endpoint = await createWebhookEndpoint(t.deps, org, { url: 'http://127.0.0.1:9/hook' });
    const rotated = await rotateWebhookSecret(t.deps, org, endpoint.id);
    await handleWebhookBatch(t.deps, [
      sqsRecord(busEventMessage(customerCreated(org.organizationId, new Date()).envelope), 'm-1'),
    ]);

    const result = await handleWebhookBatch(t.deps, [
      ...t.drain().map((m, i) => sqsRecord(m.body, `m-${i + 2}`)),
      sqsRecord('{"not":"a message"}', 'm-poison'),
    ]);

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm-poison' }]);
    const logs = written.join('');
    expect(logs).toContain('webhook attempt');
    expect(logs).toContain('webhook message failed');
    expect(logs).not.toContain(endpoint.secret.slice('whsec_'.length));
    expect(logs).not.toContain(rotated.secret.slice('whsec_'.length));
    expect(logs).not.toContain('whsec_');
  });
});
