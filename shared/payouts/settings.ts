import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

const SepaInstantLimit = z.string().check(z.regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'must be a decimal amount' }));

/** The bank payout rail: the batcher, its alarm, SEPA Instant, and the bank channel (shared/rails/bank/README.md). */
export const BankRailSettings = {
  batchIntervalSeconds: setting(
    'PAYOUT_BATCH_INTERVAL_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(86_400)), 300),
    SETTINGS_ABOUT && {
      description:
        'Seconds between runs of the payout batcher (an EventBridge schedule in AWS, a timer under `npm start`, which sets 1 unless given).',
      deploy: {
        key: 'payoutBatchIntervalSeconds',
        schema: z.coerce.number().check(z.int(), z.gte(60)),
        unset: '`60`',
        note: 'EventBridge schedules run at most every 60 s.',
      },
    },
  ),
  processingAlarmSeconds: setting(
    'PAYOUT_PROCESSING_ALARM_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(60)), 2 * 24 * 3600),
    SETTINGS_ABOUT && {
      description:
        'A payout still PROCESSING this many seconds after its file was written raises `PayoutsProcessingTooLong`.',
      deploy: { key: 'payoutProcessingAlarmSeconds' },
    },
  ),
  instantLimitEur: setting(
    'SEPA_INSTANT_LIMIT_EUR',
    z.prefault(SepaInstantLimit, '100000'),
    SETTINGS_ABOUT && {
      description:
        'The largest payout, in EUR, that leaves by SEPA Instant when asked; a larger one falls back to SEPA.',
      deploy: { key: 'sepaInstantLimitEur', schema: z.pipe(z.transform(String), SepaInstantLimit) },
    },
  ),
  bucket: setting(
    'BANK_CHANNEL_BUCKET',
    z.optional(z.string().check(z.minLength(3))),
    SETTINGS_ABOUT && {
      description:
        "AWS: the bank channel's bucket (the CDK stack sets it): each organization's `<environment>/<organizationId>/outbox/` and `<environment>/<organizationId>/inbox/`, the shared `inbox/`, and `processed/` and `quarantine/`.",
    },
  ),
  dir: setting(
    'BANK_CHANNEL_DIR',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description: 'Locally: the folder that stands in for the bucket (`npm start` sets `DATA_DIR/bank`).',
    },
  ),
  maxReportBytes: setting(
    'BANK_REPORT_MAX_BYTES',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1024), z.lte(100 * 1024 * 1024)), 10 * 1024 * 1024),
    SETTINGS_ABOUT && {
      description:
        'A bank report larger than this (bytes) is quarantined unread; bank reports are kilobytes, rarely megabytes.',
    },
  ),
  reportParser: setting(
    'BANK_REPORT_PARSER',
    z.prefault(z.enum(['inline', 'worker']), 'inline'),
    SETTINGS_ABOUT && {
      description:
        'Where reports are parsed: `inline` (AWS: one report per invocation, blocking nothing else) or `worker` (a worker thread: `npm start` serves the API from the same process, which must not wait for a large report).',
    },
  ),
};
