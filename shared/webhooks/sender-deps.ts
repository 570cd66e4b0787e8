import { ConfigError, type EventsConfig, eventsConfig } from '#shared/config/env.ts';
import { appDeps, type Deps } from '#shared/deps.ts';
import { systemResolver } from '#shared/webhooks/address-guard.ts';
import { createHttpDelivery, type HttpDelivery } from '#shared/webhooks/http-delivery.ts';
import { sqsWebhookQueue, type WebhookQueue } from '#shared/webhooks/queue.ts';

/** What the webhook sender needs beside the table: its queue, the HTTP client and the event configuration. */
export type SenderDeps = Deps & { events: EventsConfig; queue: WebhookQueue; deliver: HttpDelivery };

let sender: SenderDeps | undefined;

export function senderDeps(): SenderDeps {
  if (!sender) {
    const base = appDeps();
    const events = eventsConfig();
    if (!events.webhookQueueUrl) throw new ConfigError('Invalid configuration: WEBHOOK_QUEUE_URL: Required');
    sender = {
      ...base,
      events,
      queue: sqsWebhookQueue({
        queueUrl: events.webhookQueueUrl,
        region: base.config.region,
        endpoint: events.sqsEndpoint,
      }),
      deliver: createHttpDelivery({ resolve: systemResolver(events.dnsOverrides) }),
    };
  }
  return sender;
}
