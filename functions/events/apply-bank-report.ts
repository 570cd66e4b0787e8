import type { EventBridgeEvent, S3Event } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { log } from '#shared/log.ts';
import { processInbox, processInboxReport, type ReportOutcome } from '#shared/payouts/apply-bank-report.ts';
import { scopedInboxKey } from '#shared/rails/bank/channel.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';

type ObjectCreated = EventBridgeEvent<'Object Created', { bucket: { name: string }; object: { key: string } }>;

const decode = (key: string) => {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
};

/** The inbox names an event announces: EventBridge's `Object Created` (AWS) or an S3 notification's records. */
function announced(event: Partial<S3Event> | Partial<ObjectCreated> | undefined): string[] | undefined {
  if (event && 'detail' in event && event.detail?.object?.key) return [event.detail.object.key];
  if (event && 'Records' in event && event.Records) return event.Records.map((record) => decode(record.s3.object.key));
  return undefined;
}

/**
 * Reports from the bank. In AWS, EventBridge invokes this for every object created under the bucket's `inbox/` or
 * an organization's `<environment>/<organizationId>/inbox/`, and the report it names is processed (one of a scope's
 * inbox for that organization and environment only); without one (the local worker, a manual catch-up) every report waiting
 * in the inbox is.
 */
export const handler = async (event?: Partial<S3Event> | Partial<ObjectCreated>) => {
  const deps = appDeps();
  const channel = bankChannel(deps.config);
  const keys = announced(event);
  if (!keys) return processInbox(deps, channel);
  const outcomes: Record<string, ReportOutcome> = {};
  for (const key of keys) {
    const scoped = scopedInboxKey(key);
    if (scoped) outcomes[key] = await processInboxReport(deps, channel, scoped.name, scoped.scope);
    else if (key.startsWith('inbox/')) {
      const name = key.slice('inbox/'.length);
      outcomes[name] = await processInboxReport(deps, channel, name);
    }
  }
  log.info('bank reports', { outcomes });
  return outcomes;
};
