import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { Config } from '#shared/config/env.ts';
import type { SecretStore } from '#shared/secrets/port.ts';

/** A read is kept this long: a busy function does not ask per request, and a rotation is in force within minutes. */
export const SECRET_KEEP_MS = 5 * 60_000;

/** Secrets Manager's names (1-512 of these characters) and its ARNs; anything else is refused before a request. */
const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;
const SECRET_ARN = /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[A-Za-z0-9/_+=.@-]{1,512}$/;

export class SecretNameError extends Error {
  constructor() {
    super('Not a Secrets Manager secret name or ARN');
  }
}

/** The adapter: `GetSecretValue`, each secret's text kept `SECRET_KEEP_MS`; a failed read is not kept. */
export function secretsManagerStore(client: Pick<SecretsManagerClient, 'send'>, now = () => Date.now()): SecretStore {
  const kept = new Map<string, { value: Promise<string>; until: number }>();
  return {
    read: (secretId) => {
      if (!SECRET_NAME.test(secretId) && !SECRET_ARN.test(secretId)) return Promise.reject(new SecretNameError());
      const held = kept.get(secretId);
      if (held && held.until > now()) return held.value;
      const value = client.send(new GetSecretValueCommand({ SecretId: secretId })).then((answer) => {
        // The message names the secret, never its content.
        if (!answer.SecretString) throw new Error(`Secret ${secretId} holds no text`);
        return answer.SecretString;
      });
      value.catch(() => {
        if (kept.get(secretId)?.value === value) kept.delete(secretId);
      });
      kept.set(secretId, { value, until: now() + SECRET_KEEP_MS });
      return value;
    },
  };
}

let shared: { endpoint: string | undefined; store: SecretStore } | undefined;

/**
 * The process's store: one client and one cache for every area. In AWS the region's Secrets Manager; locally the
 * stand-in at `SECRETS_MANAGER_ENDPOINT`.
 */
export function processSecrets(config: Pick<Config, 'region' | 'secrets'>): SecretStore {
  const { endpoint } = config.secrets;
  // The configuration is read once per process; only a test's own stand-in changes the endpoint.
  if (!shared || shared.endpoint !== endpoint) {
    const client = new SecretsManagerClient({ region: config.region, ...(endpoint ? { endpoint } : {}) });
    shared = { endpoint, store: secretsManagerStore(client) };
  }
  return shared.store;
}
