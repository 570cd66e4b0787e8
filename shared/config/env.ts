import { PrenoteSettings } from '#shared/banks/settings.ts';
import { RuntimeSettings } from '#shared/config/runtime-settings.ts';
import { exactlyOneOf, readLayout, type SettingIn, variablesOf } from '#shared/config/setting.ts';
import { ConsoleSettings } from '#shared/console/settings.ts';
import { ChainSweepSettings, ForwarderSettings } from '#shared/custody/settings.ts';
import { DocumentSettings, KycSettings } from '#shared/customers/settings.ts';
import { ChainWatchSettings, DepositSettings, DepositWalletSettings } from '#shared/deposits/settings.ts';
import { EventBusSettings } from '#shared/events/settings.ts';
import { RateLimitSettings } from '#shared/http/settings.ts';
import { BankRailSettings } from '#shared/payouts/settings.ts';
import { ReferenceRateSettings } from '#shared/quotes/settings.ts';
import { PayeeVerificationSettings } from '#shared/rails/payee-verification/settings.ts';
import { ScreeningSettings } from '#shared/screening/settings.ts';
import { WebhookSettings } from '#shared/webhooks/settings.ts';
import { WithdrawalSettings } from '#shared/withdrawals/settings.ts';

export { ConfigError } from '#shared/config/setting.ts';
export { DEFAULT_MAIL_FROM } from '#shared/console/settings.ts';
export { DepositXpubSchema, type SandboxChain, SandboxChainSchema } from '#shared/deposits/settings.ts';
export { ATTEMPT_LEASE_DEFAULT_S } from '#shared/webhooks/settings.ts';

/**
 * What each function reads from its environment, laid out as its configuration: the settings of the areas' fragments
 * (`shared/<area>/settings.ts`) at the root or under a field. Configuration is read once, validated, and frozen; a
 * missing or malformed value fails the cold start with a message naming the variable, instead of a request later.
 */

/** What every function of the service reads (`config()`). */
export const SERVICE_SETTINGS = {
  ...RuntimeSettings,
  ...KycSettings,
  ...DepositWalletSettings,
  deposits: { ...DepositSettings, ...ForwarderSettings },
  withdrawals: WithdrawalSettings,
  referenceRates: ReferenceRateSettings,
  rateLimits: RateLimitSettings,
  bank: BankRailSettings,
  documents: DocumentSettings,
  console: ConsoleSettings,
  payeeVerification: PayeeVerificationSettings,
  prenotes: PrenoteSettings,
  screening: ScreeningSettings,
};
/** The service's settings as one object schema, by variable. */
export const ServiceVariables = variablesOf(SERVICE_SETTINGS);
/** A variable of the service's settings. */
export type ServiceVariable = SettingIn<typeof SERVICE_SETTINGS>['variable'];

export function parseConfig(env: Record<string, string | undefined>) {
  const { console, deposits, ...rest } = readLayout(SERVICE_SETTINGS, env);
  const { receivingBanks, ...depositDetails } = deposits;
  const consoleOrigin = new URL(console.origin);
  return Object.freeze({
    ...rest,
    deposits: Object.freeze({ ...depositDetails, eurAccount: receivingBanks.EUR, usdAccount: receivingBanks.USD }),
    console: Object.freeze({
      ...console,
      origin: consoleOrigin.origin,
      rpId: consoleOrigin.hostname,
      /** Cookies are `Secure` everywhere but on http://localhost. */
      secureCookies: consoleOrigin.protocol === 'https:',
    }),
  });
}
export type Config = ReturnType<typeof parseConfig>;

let cached: Config | undefined;

/** The process-wide configuration, read on first use (at cold start, when a handler module loads). */
export function config(): Config {
  cached ??= parseConfig(process.env);
  return cached;
}

/** What the event functions read besides the service's settings (stream relay, webhook sender). */
export const EVENT_SETTINGS = { ...EventBusSettings, ...WebhookSettings };

export const parseEventsConfig = (env: Record<string, string | undefined>) => readLayout(EVENT_SETTINGS, env);
export type EventsConfig = ReturnType<typeof parseEventsConfig>;

let cachedEvents: EventsConfig | undefined;

export function eventsConfig(): EventsConfig {
  cachedEvents ??= parseEventsConfig(process.env);
  return cachedEvents;
}

/** Where a chain function's node answers: the URL itself (locally) or the SSM parameter holding it (AWS). */
const rpcOf = (url: string | undefined, parameterName: string | undefined) =>
  Object.freeze(url ? { url } : { parameterName: parameterName ?? '' }) as { url: string } | { parameterName: string };

/** A chain watcher's configuration (one function per chain), read and validated on first use like `config()`. */
export function parseChainWatchConfig(env: Record<string, string | undefined>) {
  const { rpcUrl, rpcUrlParameter, ...watch } = readLayout(ChainWatchSettings, env, {
    check: exactlyOneOf(ChainWatchSettings.rpcUrl, ChainWatchSettings.rpcUrlParameter),
  });
  return Object.freeze({ ...watch, rpc: rpcOf(rpcUrl, rpcUrlParameter) });
}
export type ChainWatchConfig = ReturnType<typeof parseChainWatchConfig>;

/** A chain sweeper's settings (custody), read by its function at cold start. */
export function parseChainSweepConfig(env: Record<string, string | undefined>) {
  const { rpcUrl, rpcUrlParameter, ...sweep } = readLayout(ChainSweepSettings, env, {
    check: exactlyOneOf(ChainSweepSettings.rpcUrl, ChainSweepSettings.rpcUrlParameter),
  });
  return Object.freeze({ ...sweep, rpc: rpcOf(rpcUrl, rpcUrlParameter) });
}
export type ChainSweepConfig = ReturnType<typeof parseChainSweepConfig>;
