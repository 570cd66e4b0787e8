import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * Where the mover's secrets are read (SSH private keys, our PGP key and its passphrase), by name: AWS Secrets Manager
 * in AWS; locally one file per secret under a folder (`BANK_SECRETS_DIR`, default `DATA_DIR/secrets/`), the name
 * being the file's. Secrets are read when a run needs them and never logged.
 */
export type SecretStore = { read(name: string): Promise<string> };

const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;

function named(name: string) {
  if (!SECRET_NAME.test(name)) throw new Error('Not a secret name');
  return name;
}

export function secretsManagerStore(client = new SecretsManagerClient({})): SecretStore {
  return {
    read: async (name) => {
      const answer = await client.send(new GetSecretValueCommand({ SecretId: named(name) }));
      if (answer.SecretString === undefined) throw new Error(`Secret ${name} holds no string`);
      return answer.SecretString;
    },
  };
}

/** The local stand-in: `<dir>/<name>`, a name's `/` kept out of the path. */
export function folderSecretStore(dir: string): SecretStore {
  return {
    read: async (name) => readFile(join(dir, encodeURIComponent(named(name))), 'utf8'),
  };
}

let cached: SecretStore | undefined;

/**
 * The process's secret store: Secrets Manager in AWS (`AWS_LAMBDA_FUNCTION_NAME` set), else the folder
 * `BANK_SECRETS_DIR` (default `DATA_DIR/secrets`, or `.data/secrets`).
 */
export function bankSecrets(): SecretStore {
  if (cached) return cached;
  cached = process.env.AWS_LAMBDA_FUNCTION_NAME
    ? secretsManagerStore()
    : folderSecretStore(process.env.BANK_SECRETS_DIR ?? join(process.env.DATA_DIR ?? '.data', 'secrets'));
  return cached;
}
