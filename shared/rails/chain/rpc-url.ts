import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import type { ChainWatchConfig } from '#shared/config/env.ts';

/** By parameter name: one function may read several chains' URLs (`POST /verify-address`). */
const cached = new Map<string, Promise<string>>();

/**
 * The watcher's RPC URL: given as is locally, read once per cold start from its SSM SecureString parameter in AWS
 * (the URL carries the provider's key, so it is never a plain environment variable there).
 */
export function resolveRpcUrl(rpc: ChainWatchConfig['rpc'], region: string): Promise<string> {
  if ('url' in rpc) return Promise.resolve(rpc.url);
  const known = cached.get(rpc.parameterName);
  if (known) return known;
  const reading = (async () => {
    const client = new SSMClient({ region });
    try {
      const { Parameter } = await client.send(
        new GetParameterCommand({ Name: rpc.parameterName, WithDecryption: true }),
      );
      if (!Parameter?.Value) throw new Error(`SSM parameter ${rpc.parameterName} has no value`);
      return Parameter.Value;
    } finally {
      client.destroy();
    }
  })().catch((error: unknown) => {
    cached.delete(rpc.parameterName);
    throw error;
  });
  cached.set(rpc.parameterName, reading);
  return reading;
}
