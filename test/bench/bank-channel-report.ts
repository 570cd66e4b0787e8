/**
 * What test/bench/bank-channel.ts measured, as the channel's stage of the cost table (test/bench/payout-cost-model.ts)
 * and as the markdown it prints.
 */

import { MAX_DUE } from '#shared/payouts/batch-payouts.ts';
import type { PaymentFileRecord } from '#shared/payouts/records.ts';
import { SECRET_KEEP_MS } from '#shared/secrets/secrets-manager.ts';
import type { PayoutStage } from '#test/bench/payout-cost-model.ts';
import { addUsage, costPerMillion, NO_USAGE, PRICES, type Usage } from '#test/bench/prices.ts';
import { millisecondsOf, type StageTally } from '#test/bench/stage-meter.ts';

/** The mover's schedule in AWS (shared/config/background-functions.ts, BankTransfer) and its timeout (events-stack). */
export const MOVER_RUNS_PER_MONTH = 30 * 24 * 60;
const MOVER_INTERVAL_MS = 60_000;
export const MOVER_TIMEOUT_MS = 60_000;
/** The secrets of one SFTP connection with PGP: our SSH key, our PGP key, its passphrase. */
export const SECRETS_PER_CONNECTION = 3;
/** DynamoDB's largest item (the payment file item holds its XML). */
const ITEM_LIMIT_BYTES = 400 * 1024;

export type OneFileComparison = {
  bytes: number;
  sealedBytes: number;
  onePgpMs: number;
  manyPgpMs: number;
  oneUploadMs: number;
  manyUploadMs: number;
};

export type ChannelMeasurement = {
  payouts: number;
  files: number;
  reports: number;
  uploadedBytes: number;
  xmlBytes: number;
  seedMs: number;
  bankMs: number;
  uploadFloorMs: number;
  downloadFloorMs: number;
  longestMoverRunMs: number;
  stages: Record<'file' | 'upload' | 'download' | 'report' | 'resent' | 'idle', StageTally>;
  usage: { upload: Usage; download: Usage; idle: Usage; inboxWrites: number };
  oneFile?: OneFileComparison;
  records: PaymentFileRecord[];
};

/**
 * The channel's usage as a stage of the payout's path: the mover's upload and download runs, without their writes of
 * reports into the inbox, which the cost table's report stage already prices (there, the bank's upload of each report).
 */
export function channelUsage(measured: Pick<ChannelMeasurement, 'usage'>, coldSecretCalls: number): Usage {
  const { upload, download, inboxWrites } = measured.usage;
  const both = addUsage(upload, download);
  return {
    ...both,
    s3PutCopyListRequests: both.s3PutCopyListRequests - inboxWrites,
    secretsManagerCalls: secretCallsPerRun(coldSecretCalls) * both.lambdaInvocations,
  };
}

/**
 * Secrets Manager calls a mover run makes in AWS: a run in a new process reads every secret of its connections
 * (`coldSecretCalls`, measured); the process keeps each `SECRET_KEEP_MS`, and runs every minute keep a process warm,
 * so a run reads them once in that many runs. (This bench's runs follow each other within the keep, so most read none.)
 */
export const secretCallsPerRun = (coldSecretCalls: number) => coldSecretCalls * (MOVER_INTERVAL_MS / SECRET_KEEP_MS);

/** The channel's upload and download against the same bytes over ssh2 alone (decisions 0024, 0132). */
export const CHANNEL_TARGET_RATIO = 3;

export const CHANNEL_STAGE_NAME = 'channel (SFTP mover, PGP)';

export function channelStage(
  single: ChannelMeasurement,
  full: ChannelMeasurement,
  coldSecretCalls: number,
): PayoutStage {
  return {
    name: CHANNEL_STAGE_NAME,
    single: { usage: channelUsage(single, coldSecretCalls), payouts: single.payouts },
    batched: { usage: channelUsage(full, coldSecretCalls), payouts: full.payouts },
  };
}

const n = (value: number, digits: number) => value.toFixed(digits);
const s = (ms: number) => n(ms / 1000, 1);

export function channelMarkdown(full: ChannelMeasurement, stage: PayoutStage, coldSecretCalls: number): string {
  const { stages: t, payouts } = full;
  const perPayout = (ms: number) => n(ms / payouts, 2);
  const ratio = (ms: number, floor: number) => n(ms / floor, 1);
  const timeRow = (name: string, invocations: string, ms: number, floor?: number) =>
    `| ${name} | ${invocations} | ${s(ms)} | ${perPayout(ms)} | ${floor === undefined ? '' : s(floor)} | ${
      floor === undefined ? '' : ratio(ms, floor)
    } |`;
  const ms = millisecondsOf;
  const settled = ms(t.file) + ms(t.upload) + ms(t.download) + ms(t.report);
  const channelMs = ms(t.upload) + ms(t.download);
  const channelFloor = full.uploadFloorMs + full.downloadFloorMs;
  const times = [
    `| the SFTP channel: ${payouts} payouts in ${full.files} files, PGP on | invocations | seconds | ms per payout | floor, s | ÷ floor |`,
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    timeRow('seed: the create use case, 8 customers at once (not the channel)', '', full.seedMs),
    timeRow('file: batcher runs', String(t.file.lambdaInvocations), ms(t.file)),
    timeRow(
      'upload: mover runs (floor: the same bytes over ssh2)',
      String(t.upload.lambdaInvocations),
      ms(t.upload),
      full.uploadFloorMs,
    ),
    timeRow('the bank reads and answers (not ours)', '', full.bankMs),
    timeRow(
      'download: a mover run (floor: the same reports read over ssh2)',
      String(t.download.lambdaInvocations),
      ms(t.download),
      full.downloadFloorMs,
    ),
    timeRow('report: the report function, once per report', String(t.report.lambdaInvocations), ms(t.report)),
    timeRow('**the channel** (upload + download)', '', channelMs, channelFloor),
    timeRow('**filed to settled** (file + upload + download + report)', '', settled),
    timeRow(
      'every camt.054 sent again: a mover run + the report function (nothing applies)',
      String(t.resent.lambdaInvocations),
      ms(t.resent),
    ),
  ];
  const usageRow = (name: string, u: Usage, per: number) => {
    const x = addUsage(NO_USAGE, u, 1 / per);
    return (
      `| ${name} | ${n(x.readUnits, 2)} | ${n(x.writeUnits, 2)} | ${n(x.lambdaInvocations, 4)} | ` +
      `${n(x.lambdaGbSeconds, 4)} | ${n(x.s3PutCopyListRequests, 3)} + ${n(x.s3GetRequests, 3)} | ` +
      `${n(x.secretsManagerCalls, 4)} | ${n(x.internetBytesOut / 1024, 2)} | ${n(costPerMillion(x), 2)} |`
    );
  };
  const costs = [
    `| the channel per payout (${PRICES.region} list prices of ${PRICES.asOf}) | read units | write units | Lambda invocations | Lambda GB-s | S3 PUT/COPY/LIST + GET | Secrets Manager calls | KiB out | USD per million payouts |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    usageRow('upload (mover runs)', { ...full.usage.upload, secretsManagerCalls: 0 }, payouts),
    usageRow(
      'download (a mover run, with its writes into the inbox)',
      { ...full.usage.download, secretsManagerCalls: 0 },
      payouts,
    ),
    usageRow(`**${CHANNEL_STAGE_NAME}**, ${payouts} payouts (the cost table's row)`, stage.batched.usage, payouts),
    usageRow(`${CHANNEL_STAGE_NAME}, one payout alone in its file`, stage.single.usage, stage.single.payouts),
  ];
  const idle = {
    ...addUsage(NO_USAGE, full.usage.idle, 1 / t.idle.lambdaInvocations),
    secretsManagerCalls: secretCallsPerRun(coldSecretCalls),
  };
  const idleMonth = (costPerMillion(idle) / 1e6) * MOVER_RUNS_PER_MONTH;
  const bytesPerPayment = full.xmlBytes / payouts;
  const one = full.oneFile;
  const lines = [
    `Per run of the mover: the longest took ${s(full.longestMoverRunMs)} s (its timeout: ${s(MOVER_TIMEOUT_MS)} s); ` +
      `${coldSecretCalls} Secrets Manager calls in a new process, which keeps each secret ` +
      `${n(SECRET_KEEP_MS / 60_000, 0)} minutes: ${n(secretCallsPerRun(coldSecretCalls), 1)} a run at one a minute, ` +
      'as priced. ' +
      `Its run with nothing new, every minute, with this run's ${full.files} files delivered and ${full.reports + full.files} ` +
      `reports at the bank: ${s(ms(t.idle) / t.idle.lambdaInvocations)} s, ${n(idle.readUnits, 1)} read units, ` +
      `${n(idle.s3PutCopyListRequests, 0)} + ${n(idle.s3GetRequests, 0)} S3 requests: $${n(idleMonth, 2)} a month ` +
      `per connection (the outbox lists only what is unsent, and a report unchanged at the bank is not read again), besides ` +
      `$${n(SECRETS_PER_CONNECTION * PRICES.secretsManagerSecretMonth, 2)} a month for its ${SECRETS_PER_CONNECTION} secrets.`,
    `Files: ${full.files} of at most 99 payments (${t.file.lambdaInvocations} batcher runs, each taking up to ${MAX_DUE} due ` +
      `payouts, the last of each run's files holding the rest: a backlog of ${payouts} payouts is filed over ` +
      `${t.file.lambdaInvocations} runs, ${t.file.lambdaInvocations * 5} minutes at the default ` +
      'PAYOUT_BATCH_INTERVAL_S of 300 s). ' +
      `${n(bytesPerPayment, 0)} bytes of XML a payment: a 400 KB item holds the XML of at most ` +
      `${Math.floor(ITEM_LIMIT_BYTES / bytesPerPayment)} payments; ${n(full.uploadedBytes / 1024 / 1024, 2)} MiB uploaded.`,
    ...(one
      ? [
          `One file of all ${payouts} payments against the ${full.files} files: its XML ${n(one.bytes / 1024 / 1024, 2)} MiB ` +
            `(${n(one.sealedBytes / 1024 / 1024, 2)} MiB encrypted); encrypted and signed in ${s(one.onePgpMs)} s against ` +
            `${s(one.manyPgpMs)} s for the ${full.files}; uploaded over one connection with ssh2 alone in ` +
            `${s(one.oneUploadMs)} s against ${s(one.manyUploadMs)} s.`,
        ]
      : []),
  ];
  const target =
    `Target (decision 0132): the channel at most ${CHANNEL_TARGET_RATIO} × its floor; ` +
    `${ratio(channelMs, channelFloor)} × in this run.`;
  return [...times, '', target, '', ...costs, '', ...lines].join('\n');
}
