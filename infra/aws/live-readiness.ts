import { watchedChains } from '#infra/aws/chain-watchers.ts';
import { type DeploymentConfig, DeploymentConfigError } from '#infra/aws/config.ts';

/**
 * What a deployment serving live organizations must not leave to a placeholder or a default. Each of these has a
 * sandbox stand-in that is right for a trial and wrong with real money: derived deposit addresses nobody holds the
 * key of, a sample receiving bank shown to customers, the console on localhost, mail from the default sender, and a
 * chain watcher reading from block 0 (days of catch-up before the first deposit is seen).
 */
export function liveReadinessProblems(config: DeploymentConfig): string[] {
  const problems: string[] = [];
  if (!config.depositXpub && !config.depositXpubParameter) {
    problems.push('depositXpub (or depositXpubParameter): the key deposit addresses are derived from');
  }
  if (!config.receivingBanks) problems.push('receivingBanks: the accounts customers pay fiat into');
  if (!config.consoleOrigin) problems.push("consoleOrigin: the console's origin (passkeys, CSRF, invitations)");
  if (!config.mailFrom) problems.push("mailFrom: the console's sender, an address of a verified SES identity");
  for (const { chain } of watchedChains(config)) {
    if (config.chainWatchers?.[chain]?.startBlock === undefined) {
      problems.push(`chainWatchers.${chain}.startBlock: the block the ${chain} watcher starts from`);
    }
  }
  return problems;
}

/** Fails synth for a live deployment with any placeholder left, naming every missing key at once. */
export function assertReadyForLive(config: DeploymentConfig): void {
  if (!config.liveOrganizations) return;
  const problems = liveReadinessProblems(config);
  if (problems.length === 0) return;
  throw new DeploymentConfigError(
    `liveOrganizations is true, so these CDK context keys must be set: ${problems.join('; ')}`,
  );
}
