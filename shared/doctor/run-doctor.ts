import type { KMSClient } from '@aws-sdk/client-kms';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { Config } from '#shared/config/env.ts';
import type { Db } from '#shared/db/client.ts';
import { checkConsoleOrigin } from '#shared/doctor/check-console-origin.ts';
import { checkKmsKey } from '#shared/doctor/check-kms-key.ts';
import { checkMailSender } from '#shared/doctor/check-mail-sender.ts';
import { checkPayoutAccounts } from '#shared/doctor/check-payout-accounts.ts';
import type { Finding } from '#shared/doctor/checks.ts';

export type DoctorClients = { db: Db; ses: SESv2Client; kms: KMSClient };

/**
 * Checks a deployed environment and says what to fix. Each check stands alone: one that throws (no permission, a
 * service down) is a finding of its own, and the others still run.
 */
export async function runDoctor(
  config: Pick<Config, 'console'>,
  clients: DoctorClients,
  settings: { kmsKeyId: string | undefined },
): Promise<{ healthy: boolean; findings: Finding[] }> {
  const checks: [string, () => Finding | Promise<Finding>][] = [
    ['console origin', () => checkConsoleOrigin(config)],
    ['mail sender', () => checkMailSender(clients.ses, config.console.mailFrom)],
    ['KMS key', () => checkKmsKey(clients.kms, settings.kmsKeyId)],
    ['payout accounts', () => checkPayoutAccounts(clients.db)],
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
