import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/**
 * The secrets port of the payee verifier: a secret's text by its id (name or ARN). The adapter is AWS Secrets
 * Manager; a read is kept for five minutes, so a rotated key is taken up without a redeploy and a busy function
 * does not call Secrets Manager per check.
 */
export type SecretReader = (secretId: string) => Promise<string>;

const KEEP_MS = 5 * 60_000;

export function secretsManagerReader(client: Pick<SecretsManagerClient, 'send'>, now = () => Date.now()): SecretReader {
  const kept = new Map<string, { value: Promise<string>; until: number }>();
  return (secretId) => {
    const held = kept.get(secretId);
    if (held && held.until > now()) return held.value;
    const value = client.send(new GetSecretValueCommand({ SecretId: secretId })).then((answer) => {
      if (!answer.SecretString) throw new Error(`Secret ${secretId} holds no text`);
      return answer.SecretString.trim();
    });
    // A failed read is not kept: the next check asks again.
    value.catch(() => kept.delete(secretId));
    kept.set(secretId, { value, until: now() + KEEP_MS });
    return value;
  };
}

let shared: SecretReader | undefined;
/** The process's reader (one client, one cache). */
export const defaultSecretReader = (): SecretReader => {
  shared ??= secretsManagerReader(new SecretsManagerClient({}));
  return shared;
};
