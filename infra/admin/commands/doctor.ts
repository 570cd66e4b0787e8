import { KMSClient } from '@aws-sdk/client-kms';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { adminCommand } from '#infra/admin/command.ts';
import { chainRpcConfig } from '#shared/config/chain-rpc.ts';
import { runDoctor } from '#shared/doctor/run-doctor.ts';

/** The clients of the environment the CLI runs against (`KMS_ENDPOINT`: another KMS endpoint, as tests use a stand-in). */
export const doctor = adminCommand({
  name: 'doctor',
  usage: [
    "(SWEEP_KMS_KEY_ID: the relayer key; CHAIN_RPC: the watchers' nodes, as the API has it;",
    'SANCTIONS_BUCKET: the lists bucket; AWS credentials of the environment)',
  ],
  note: 'checks the deployed environment and says what to fix (exit 1 if anything is wrong)',
  flags: {},
  async run(_args, { db, config }) {
    const region = process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'eu-central-1';
    const kmsEndpoint = process.env.KMS_ENDPOINT;
    const report = await runDoctor(
      config(),
      {
        db: db(),
        ses: new SESv2Client({ region }),
        kms: new KMSClient({ region, ...(kmsEndpoint ? { endpoint: kmsEndpoint } : {}) }),
      },
      { kmsKeyId: process.env.SWEEP_KMS_KEY_ID, chainRpc: chainRpcConfig(), now: new Date() },
    );
    if (!report.healthy) process.exitCode = 1;
    return report;
  },
});
