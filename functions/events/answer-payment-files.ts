import type { ScheduledEvent } from 'aws-lambda';
import { appDeps } from '#shared/deps.ts';
import { answerSandboxFiles } from '#shared/payouts/answer-payment-files.ts';
import { bankChannel } from '#shared/rails/bank/s3-channel.ts';

/** Scheduled: the sandbox bank answers each sandbox payment file once its `SANDBOX_SETTLE_AFTER_S` has passed. */
export const handler = async (_event?: ScheduledEvent) => {
  const deps = appDeps();
  return answerSandboxFiles(deps, bankChannel(deps.config));
};
