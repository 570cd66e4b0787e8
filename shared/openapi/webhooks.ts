import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { type EventType, eventEnvelopeSchemaOf } from '#shared/events/contracts.ts';
import { examplesMap, JSON_TYPE, schemaExamples } from '#shared/openapi/examples.ts';
import { forGenerator } from '#shared/openapi/generator-schemas.ts';
import * as z from '#shared/validation/zod.ts';

/** The document's `webhooks`: one entry per event type, its envelope typed, with the delivery rules. */

export const WEBHOOK_TAG = 'Webhook events';

const WebhookHeaders = z.object({
  'webhook-id': z.string().check(
    z.meta({
      description: 'The event id (`event_id`), the same on every retry: deduplicate on it.',
      examples: ['5f0c8e53-7a5b-4b8e-9a57-1c3f4d2e6b10'],
    }),
  ),
  'webhook-timestamp': z.string().check(
    z.regex(/^\d+$/),
    z.meta({
      description: 'Unix seconds of this attempt; refuse old ones to stop replays.',
      examples: ['1795255200'],
    }),
  ),
  'webhook-signature': z.string().check(
    z.meta({
      description:
        'Space-separated `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, keyed with the ' +
        "endpoint's decoded `whsec_` secret; two signatures for 24 h after a rotation. Verify with the " +
        '`standardwebhooks` or `svix` libraries.',
      examples: ['v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4='],
    }),
  ),
});

const EVENT_SUMMARIES: Partial<Record<EventType, string>> = {
  'customer.created': 'A customer was created',
  'customer.enabled': 'A disabled customer was enabled again (`POST /customers/{customerId}/enable`)',
  'customer.disabled': 'A customer was disabled (`POST /customers/{customerId}/disable`), with `reason` when given',
  'customer.updated': "A customer's name, e-mail or expected monthly volume changed (`PATCH /customers/{customerId}`)",
  'customer.kyc.approved': "A customer's KYC was approved",
  'customer.kyc.rejected': "A customer's KYC was rejected",
  'customer.kyc.level_changed': 'The KYC provider moved a customer to another level (`previous_level`, `new_level`)',
  'customer.kyc.submitted': "A customer's KYC was submitted for review (`attempt`: 1 to 4)",
  'withdrawal_bank.created': 'A withdrawal bank was added (ACTIVE, or PENDING review)',
  'withdrawal_bank.approved': 'A withdrawal bank was approved and is ACTIVE',
  'withdrawal_bank.rejected': 'A withdrawal bank was rejected',
  'withdrawal.created': 'A withdrawal was created',
  'withdrawal.status_changed': "A withdrawal's status changed (every one of its seven statuses)",
  'withdrawal_batch.created':
    "A withdrawal batch was created (`POST /withdrawals/batch`): once, after each payout's own `withdrawal.created`",
  'deposit.created': 'A deposit was recorded',
  'deposit.status_changed': "A deposit's status changed",
  'travel_rule.originator_completed': "A deposit's originator data was completed",
  'virtual_account.rejected': 'A virtual account request was refused (REJECTED, with `reason` when one was given)',
  'developer_fees.claimed':
    'The organization claimed its developer fees (`POST /developer-fees`): moved to its custodial balance',
  'webhook.test': 'A test delivery, sent on request to one endpoint',
};

const camelCase = (eventType: string) =>
  eventType.replace(/[._]([a-z])/g, (_match, letter: string) => letter.toUpperCase());

export function webhookOf(type: EventType): RouteConfig {
  const envelope = eventEnvelopeSchemaOf(type);
  const data = schemaExamples(envelope.shape.data)[0] ?? {};
  const example = {
    event_id: '5f0c8e53-7a5b-4b8e-9a57-1c3f4d2e6b10',
    event_type: type,
    created_at: '2026-11-21T10:00:00.000Z',
    api_version: 'v2',
    org_id: '0d6f4c1e-8a43-4f0b-9a52-2f7e6c1d3b44',
    data,
  };
  return {
    method: 'post',
    path: type,
    operationId: `${camelCase(type)}Event`,
    summary: EVENT_SUMMARIES[type] ?? `${type} event`,
    description:
      'POSTed to every endpoint subscribed to this type. Any 2xx within 15 s is a delivery; anything else, a ' +
      'timeout or a redirect is retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), at least once: deduplicate ' +
      'on `webhook-id`. Order is not guaranteed; `created_at` and `previous_status` let you drop stale events.',
    tags: [WEBHOOK_TAG],
    request: {
      headers: forGenerator(WebhookHeaders),
      body: {
        required: true,
        content: {
          [JSON_TYPE]: { schema: forGenerator(envelope), examples: examplesMap([{ summary: type, value: example }]) },
        },
      },
    },
    responses: { '2XX': { description: 'Received.' } },
  };
}
