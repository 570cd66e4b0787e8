import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { Alarms } from '#infra/aws/alarms.ts';
import { chainFunctionId, scheduleChainFunction } from '#infra/aws/chain-schedule.ts';
import { watchedChains } from '#infra/aws/chain-watchers.ts';
import type { DeploymentConfig } from '#infra/aws/config.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { BACKGROUND_FUNCTIONS } from '#shared/config/background-functions.ts';
import type { Chain } from '#shared/money/chains.ts';

const { TreasurySender } = BACKGROUND_FUNCTIONS;
export const TREASURY_SENDER_HANDLER = TreasurySender.handler;
const SEND_EVERY = Duration.seconds(TreasurySender.aws.everySeconds);

/**
 * The treasury senders (shared/treasury/README.md): one scheduled function per chain that has the relayer (a chain
 * with a forwarder factory, `addChainSweepers`), every minute, signing with the relayer's key: only `kms:Sign` and
 * `kms:GetPublicKey` on that key. Alarmed per chain: sends waiting because the treasury or its allowance cannot cover
 * them. A treasury that did not move by what was recorded in a send's block (the custody books' third check) counts in
 * the chain's `CustodyBooksDisagree`, the metric the sweeper's books alarm watches.
 */
export function addTreasurySenders(
  scope: Construct,
  props: {
    table: ITable;
    alarms: Alarms;
    config: DeploymentConfig;
    relayerKey: Key | undefined;
    newFunction: (id: string, handler: string, description: string, timeout?: Duration) => PayoutsFunction;
  },
): ReadonlyMap<Chain, PayoutsFunction> {
  const { alarms, config, relayerKey } = props;
  const senders = new Map<Chain, PayoutsFunction>();
  if (!relayerKey) return senders;
  const forwarders = config.depositForwarders ?? {};
  for (const watched of watchedChains(config).filter((chain) => forwarders[chain.chain])) {
    const id = chainFunctionId('TreasurySender', watched.chain);
    // Up to 20 s for a receipt per send after the table reads and the KMS signature.
    const fn = props.newFunction(
      id,
      TREASURY_SENDER_HANDLER,
      `Treasury sends on ${watched.chain}`,
      Duration.minutes(1),
    );
    const environment: Record<string, string> = {
      SWEEP_CHAIN: watched.chain,
      SWEEP_USDC_ADDRESS: watched.usdcAddress,
      SWEEP_KMS_KEY_ID: relayerKey.keyArn,
      SWEEP_RPC_URL_PARAMETER: watched.rpcUrlParameter,
    };
    for (const [name, value] of Object.entries(environment)) fn.addEnvironment(name, value);
    // gsi1: the chain's open sends and the mined ones whose treasury move is not checked yet.
    grantTableAccess(fn, props.table, { table: 'readwrite', indexes: ['gsi1', 'gsi3'] });
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:Sign', 'kms:GetPublicKey'], resources: [relayerKey.keyArn] }),
    );
    const metric = scheduleChainFunction(scope, fn, {
      id,
      chain: watched.chain,
      rpcUrlParameter: watched.rpcUrlParameter,
      every: SEND_EVERY,
      description: `Sends USDC out of the treasuries on ${watched.chain}, every ${SEND_EVERY.toHumanString()}`,
      stage: config.stage,
    });
    alarms.alarmOnMetric(`${id}TreasuryShort`, metric('TreasurySendsShort', 'Maximum'), {
      threshold: 1,
      description:
        `${id}: sends on ${watched.chain} wait because a treasury (or its allowance to the relayer) cannot cover ` +
        "them; the console's Home lists them with the figures. Fund the treasury or raise the allowance.",
    });
    senders.set(watched.chain, fn);
  }
  return senders;
}
