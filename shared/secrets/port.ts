/**
 * The secrets port: a secret's text by its id (a Secrets Manager name or ARN). Whoever holds one reads a secret when
 * it needs it and never logs or stores what it got.
 */
export type SecretStore = { read(secretId: string): Promise<string> };
