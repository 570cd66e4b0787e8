import { DEFAULT_RETRY_SCHEDULE, parseRetrySchedule } from '#shared/config/retry-schedule.ts';
import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** The default of `WEBHOOK_ATTEMPT_LEASE_S`. */
export const ATTEMPT_LEASE_DEFAULT_S = 60;

/** The webhook sender's settings (shared/webhooks/README.md). */
export const WebhookSettings = {
  webhookQueueUrl: setting(
    'WEBHOOK_QUEUE_URL',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'The webhook queue; the sender puts retries and fan-out deliveries on it.',
    },
  ),
  sqsEndpoint: setting(
    'SQS_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Set locally (fauxqs); unset in AWS.',
    },
  ),
  retrySchedule: setting(
    'WEBHOOK_RETRY_SCHEDULE',
    z.prefault(
      z.pipe(
        z.string(),
        z.transform((text, ctx) => {
          try {
            return parseRetrySchedule(text);
          } catch (error) {
            ctx.issues.push({
              code: 'custom',
              message: error instanceof Error ? error.message : String(error),
              input: text,
            });
            return z.NEVER;
          }
        }),
      ),
      DEFAULT_RETRY_SCHEDULE,
    ),
    SETTINGS_ABOUT && {
      description: 'Seconds before the 2nd, 3rd, ... delivery attempt, comma-separated.',
    },
  ),
  sandboxLoopback: setting(
    'WEBHOOK_SANDBOX_LOOPBACK',
    z.prefault(
      z.pipe(
        z.enum(['allow', 'deny']),
        z.transform((value) => value === 'allow'),
      ),
      'allow',
    ),
    SETTINGS_ABOUT && {
      description:
        "Whether sandbox organizations may send webhooks to loopback (local development). In AWS the sender gets `deny`: a Lambda's loopback is its own runtime API, never a customer's receiver.",
    },
  ),
  attemptLeaseMs: setting(
    'WEBHOOK_ATTEMPT_LEASE_S',
    z.prefault(
      z.pipe(
        z.coerce.number().check(z.int(), z.gte(20), z.lte(900)),
        z.transform((seconds) => seconds * 1000),
      ),
      ATTEMPT_LEASE_DEFAULT_S,
    ),
    SETTINGS_ABOUT && {
      description:
        'Seconds a claimed delivery attempt owns its delivery; a sender that dies mid-attempt is retried after it. It must outlast one attempt (the HTTP timeout is 15 s), so at least 20; tests of crash recovery shorten it.',
    },
  ),
  dnsOverrides: setting(
    'WEBHOOK_DNS_OVERRIDES',
    z.pipe(
      z.optional(
        z
          .string()
          .check(
            z.regex(/^([A-Za-z0-9.-]+=[0-9A-Fa-f.:]+)(,[A-Za-z0-9.-]+=[0-9A-Fa-f.:]+)*$/, 'Expected host=address,...'),
          ),
      ),
      z.transform(
        (text): ReadonlyMap<string, string> =>
          new Map(
            (text ?? '')
              .split(',')
              .filter(Boolean)
              .map((pair) => pair.split('=') as [string, string])
              .map(([host, address]) => [host.toLowerCase(), address]),
          ),
      ),
    ),
    SETTINGS_ABOUT && {
      description:
        'Test hook of the local runtime: `host=address,...` answers these names without DNS. The answers still pass the address guard, so a name can only resolve to an address that is then checked.',
    },
  ),
};
