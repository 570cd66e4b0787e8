/**
 * Settings for the event pipeline's AWS clients (EventBridge, SQS). With a local endpoint (the in-process bus,
 * fauxqs) they get static dummy credentials, so the SDK never goes looking for real ones.
 */
export const awsClientConfig = (region: string, endpoint: string | undefined) => ({
  region,
  maxAttempts: 3,
  ...(endpoint ? { endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
});
