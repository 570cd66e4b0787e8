import type { ServiceVariable } from '#shared/config/env.ts';

/**
 * What runs a background function in AWS: an EventBridge rate (`setting`, when given, sets the seconds instead;
 * never under a minute, EventBridge's shortest rate), or the event source that invokes it.
 */
type AwsRun =
  | { readonly everySeconds: number; readonly setting?: ServiceVariable }
  | { readonly trigger: 'table stream' | 'webhook queue' | 'bank channel inbox' };

/**
 * What runs it under `npm start`: a timer (seconds, or the setting's seconds), one run at a time, optionally once
 * at start; or the function runs just before another one's timer fires; or a worker of its own stands in for the
 * trigger or the schedule (infra/local/events-worker.ts, infra/local/chain-worker.ts, infra/local/sanctions-lists.ts:
 * the lists are read from DATA_DIR/sanctions, so nothing is fetched, and a new version re-screens there).
 */
type LocalRun =
  | { readonly everySeconds: number | ServiceVariable; readonly atStart?: boolean }
  | { readonly before: string }
  | { readonly worker: 'events' | 'chain' | 'sanctions' };

export type BackgroundFunction = {
  /** The handler module, the same in Lambda and locally. */
  readonly handler: string;
  readonly description: string;
  readonly aws: AwsRun;
  readonly local: LocalRun;
};

/**
 * Every function that runs beside the API, by construct id: the CDK app (infra/aws/events-stack.ts and the files
 * it calls) and the local runtime (infra/local/workers.ts) both read it.
 */
export const BACKGROUND_FUNCTIONS = {
  StreamRelay: {
    handler: 'functions/events/relay-stream.ts',
    description: 'Table stream -> event bus',
    aws: { trigger: 'table stream' },
    local: { worker: 'events' },
  },
  WebhookSender: {
    handler: 'functions/events/send-webhooks.ts',
    description: 'Webhook queue -> receivers',
    aws: { trigger: 'webhook queue' },
    local: { worker: 'events' },
  },
  WithdrawalExpirySweep: {
    handler: 'functions/events/expire-withdrawals.ts',
    description: 'Expires withdrawals left unsigned past their window',
    aws: { everySeconds: 60 },
    local: { everySeconds: 30 },
  },
  PayoutBatcher: {
    handler: 'functions/events/batch-payouts.ts',
    description: 'Puts PROCESSING payouts into pain.001 files in the bank channel outbox',
    aws: { everySeconds: 60, setting: 'PAYOUT_BATCH_INTERVAL_S' },
    local: { everySeconds: 'PAYOUT_BATCH_INTERVAL_S' },
  },
  SandboxBankSimulator: {
    handler: 'functions/events/answer-payment-files.ts',
    description: 'The sandbox bank: answers sandbox payment files with pain.002 and camt.054 reports',
    aws: { everySeconds: 60 },
    // The sandbox bank answers first, so its reports are applied in the same run.
    local: { before: 'BankReports' },
  },
  BankReports: {
    handler: 'functions/events/apply-bank-report.ts',
    description: 'Applies pain.002 and camt.054 reports from the bank channel inbox',
    aws: { trigger: 'bank channel inbox' },
    local: { everySeconds: 1 },
  },
  BankTransfer: {
    handler: 'functions/events/move-bank-files.ts',
    description: "Moves live payment files to the banks' SFTP servers and their reports into the inbox",
    aws: { everySeconds: 60 },
    local: { everySeconds: 2 },
  },
  ReferenceRates: {
    handler: 'functions/events/fetch-reference-rates.ts',
    description: "Fetches the ECB's daily reference rates for live organizations' quotes",
    // The ECB publishes once per business day at about 16:00 CET; an hourly fetch picks it up within the hour.
    aws: { everySeconds: 3600 },
    local: { everySeconds: 3600, atStart: true },
  },
  ChainWatcher: {
    handler: 'functions/events/watch-chain.ts',
    description: 'USDC transfers on a chain -> deposits (one function per supported chain)',
    aws: { everySeconds: 60 },
    local: { worker: 'chain' },
  },
  ChainSweeper: {
    handler: 'functions/events/sweep-chain.ts',
    description: 'Credited USDC at deposit forwarders -> the organizations treasuries (one function per chain)',
    aws: { everySeconds: 60 },
    local: { worker: 'chain' },
  },
  TreasurySender: {
    handler: 'functions/events/run-treasury-sends.ts',
    description:
      "USDC out of the organizations' treasuries: on-ramp deposits and fee withdrawals (one function per chain)",
    aws: { everySeconds: 60 },
    local: { worker: 'chain' },
  },
  WaitingMeasure: {
    handler: 'functions/events/measure-waiting.ts',
    description:
      'Measures what waits: payment files unanswered past their rail window, the oldest item of each review queue',
    // Its alarms look at hours and a day: every 15 minutes is soon enough, and cheap (a Query per queue).
    aws: { everySeconds: 900 },
    local: { everySeconds: 60 },
  },
  SanctionsLists: {
    handler: 'functions/events/fetch-sanctions-lists.ts',
    description:
      'Fetches the official sanctions lists into the lists bucket; a new version re-screens customers and banks',
    aws: { everySeconds: 3600 },
    local: { worker: 'sanctions' },
  },
} as const satisfies Record<string, BackgroundFunction>;

export type BackgroundFunctionName = keyof typeof BACKGROUND_FUNCTIONS;
