import type { KMSClient } from '@aws-sdk/client-kms';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { ChainRpcConfig } from '#shared/config/chain-rpc.ts';
import type { Config } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { checkConsoleOrigin } from '#shared/doctor/check-console-origin.ts';
import { checkKmsKey } from '#shared/doctor/check-kms-key.ts';
import { checkMailSender } from '#shared/doctor/check-mail-sender.ts';
import { checkMoverRuns } from '#shared/doctor/check-mover-runs.ts';
import { checkPayoutAccounts } from '#shared/doctor/check-payout-accounts.ts';
import { checkSanctionsLists } from '#shared/doctor/check-sanctions-lists.ts';
import { checkWatcherLag } from '#shared/doctor/check-watcher-lag.ts';
import type { Finding } from '#shared/doctor/checks.ts';

export type DoctorClients = { db: Db; ses: SESv2Client; kms: KMSClient };

/**
 * Checks a deployed environment and says what to fix. Each check stands alone: one that throws (no permission, a
 * service down) is a finding of its own, and the others still run.
 */
export async function runDoctor(
  config: Pick<Config, 'console' | 'screening' | 'region'>,
  clients: DoctorClients,
  settings: { kmsKeyId: string | undefined; chainRpc: ChainRpcConfig; now: Date },
): Promise<{ healthy: boolean; findings: Finding[] }> {
  const checks: [string, () => Finding | Promise<Finding>][] = [
    ['console origin', () => checkConsoleOrigin(config)],
    ['mail sender', () => checkMailSender(clients.ses, config.console.mailFrom)],
    ['KMS key', () => checkKmsKey(clients.kms, settings.kmsKeyId)],
    ['payout accounts', () => checkPayoutAccounts(clients.db)],
    ['mover runs', () => checkMoverRuns(clients.db, settings.now)],
    ['watcher lag', () => checkWatcherLag(clients.db, settings.chainRpc, config.region)],
    ['sanctions lists', () => checkSanctionsLists(config, settings.now)],
  ];
  const findings: Finding[] = [];
  for (const [name, check] of checks) {
    try {
      findings.push(await check());
    } catch (error) {
      findings.push({
        check: name,
        ok: false,
        detail: `could not be checked: ${(error as Error).message}`,
        fix: 'Run the doctor with credentials that may read it',
      });
    }
  }
  return { healthy: findings.every((finding) => finding.ok), findings };
}
