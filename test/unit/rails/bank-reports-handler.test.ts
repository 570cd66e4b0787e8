import '#test/support/env.ts';
import { describe, expect, it } from 'vitest';
import { handler } from '#functions/events/apply-bank-report.ts';

describe('the bank report function', () => {
  it('processes the inbox object an EventBridge "Object Created" event names, and nothing outside inbox/', async () => {
    const outcome = await handler({
      'detail-type': 'Object Created',
      detail: { bucket: { name: 'bank' }, object: { key: 'inbox/2026-11-23.camt054.xml' } },
    });
    const outside = await handler({
      'detail-type': 'Object Created',
      detail: { bucket: { name: 'bank' }, object: { key: 'outbox/file.xml' } },
    });

    // The test channel's inbox is empty: the named report is looked up and found missing, nothing else is read.
    expect(outcome).toEqual({ '2026-11-23.camt054.xml': { outcome: 'missing' } });
    expect(outside).toEqual({});
  });

  it("processes an object of an organization's own inbox in that scope, and nothing of its outbox", async () => {
    const outcome = await handler({
      'detail-type': 'Object Created',
      detail: { bucket: { name: 'bank' }, object: { key: 'live/org-1/inbox/org-1-0a1b-booked.xml' } },
    });
    const outbox = await handler({
      'detail-type': 'Object Created',
      detail: { bucket: { name: 'bank' }, object: { key: 'live/org-1/outbox/file.xml' } },
    });

    expect(outcome).toEqual({ 'live/org-1/inbox/org-1-0a1b-booked.xml': { outcome: 'missing' } });
    expect(outbox).toEqual({});
  });

  it('reads S3 notification records with URL-encoded keys', async () => {
    const outcome = await handler({ Records: [{ s3: { object: { key: 'inbox/report%2Done.xml' } } }] } as never);

    expect(outcome).toEqual({ 'report-one.xml': { outcome: 'missing' } });
  });
});
