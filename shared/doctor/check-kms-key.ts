import type { KMSClient } from '@aws-sdk/client-kms';
import { kmsSigner } from '#shared/custody/kms-signer.ts';
import { type Finding, ok, problem } from '#shared/doctor/checks.ts';

/** The relayer's KMS key answers with a secp256k1 signing key: the address the sweeps and treasury sends use. */
export async function checkKmsKey(kms: KMSClient, keyId: string | undefined): Promise<Finding> {
  if (!keyId)
    return problem(
      'KMS key',
      'SWEEP_KMS_KEY_ID is not set',
      'Name the relayer key: SWEEP_KMS_KEY_ID=<key id or alias> (the sweeper function has it)',
    );
  try {
    const signer = await kmsSigner(kms, keyId);
    return ok('KMS key', `${keyId}: relayer ${signer.address}`);
  } catch (error) {
    return problem(
      'KMS key',
      `${keyId}: ${(error as Error).message}`,
      'Create an asymmetric ECC_SECG_P256K1 SIGN_VERIFY key, and grant the sweeper kms:GetPublicKey and kms:Sign',
    );
  }
}
