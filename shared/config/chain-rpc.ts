import { jsonVariable, readLayout, setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import { type Chain, ChainSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * Where one chain's node answers: the URL itself (locally) or the SSM SecureString parameter holding it (AWS); and
 * the chain's USDC token, for functions that read balances (custody: `GET /balances`, the treasury's USDC).
 */
const UsdcAddress = z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)));
export const ChainRpcSchema = z.union([
  z.strictObject({ url: z.url(), usdcAddress: UsdcAddress }),
  z.strictObject({ parameterName: z.string().check(z.startsWith('/')), usdcAddress: UsdcAddress }),
]);
export type ChainRpc = z.infer<typeof ChainRpcSchema>;

/**
 * `CHAIN_RPC`: the nodes a function that reads chains on request asks (`POST /verify-address`), by chain, as JSON
 * (`{"base": {"parameterName": "/payouts/prod/rpc-url/base"}}`). The CDK stack gives it the chain watchers' own
 * parameters; `npm start` the local nodes' URLs. Read on first use and frozen; a malformed value fails loudly.
 */
const ChainRpcSettings = {
  chains: setting(
    'CHAIN_RPC',
    jsonVariable(z.partialRecord(ChainSchema, ChainRpcSchema), {}),
    SETTINGS_ABOUT && {
      description: 'JSON by chain: the nodes a function that reads chains on request asks.',
      unset: 'none',
    },
  ),
};

export type ChainRpcConfig = Readonly<Partial<Record<Chain, ChainRpc>>>;

export class ChainRpcConfigError extends Error {}

export function parseChainRpcConfig(env: Record<string, string | undefined>): ChainRpcConfig {
  return readLayout(ChainRpcSettings, env, { error: ChainRpcConfigError }).chains;
}

let cached: ChainRpcConfig | undefined;

export function chainRpcConfig(): ChainRpcConfig {
  cached ??= parseChainRpcConfig(process.env);
  return cached;
}
