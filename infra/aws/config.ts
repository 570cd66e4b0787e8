import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import type { Construct, Node } from 'constructs';
import type { BackgroundFunctionName } from '#shared/config/background-functions.ts';
import { SERVICE_SETTINGS, type ServiceVariable } from '#shared/config/env.ts';
import { fromJson, type Layout, type Setting, type SettingIn, settingsOf } from '#shared/config/setting.ts';
import { ChainSweepSettings } from '#shared/custody/settings.ts';
import { ChainWatchSettings } from '#shared/deposits/settings.ts';
import { ChainSchema } from '#shared/money/chains.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The deployment's settings, read from CDK context (`cdk.json` or `-c key=value`), never from code. Values given
 * with `-c` arrive as strings, so numbers, booleans, lists and objects (JSON) are parsed from strings too.
 * Nothing here is a secret, and no private key is ever configured: the deposit addresses are derived from an
 * extended *public* key, given itself or as the name of the SSM parameter that holds it; an `xprv` fails synth.
 * Two kinds of keys: the deployment's own (`DEPLOYMENT_KEYS`, below), and those of the service's settings, which
 * their areas' fragments declare (`deploy` of a setting, shared/config/setting.ts): the key, its rules, the variable
 * it sets and for which functions. What the functions get is also checked with the variable's own rules, so a value
 * the functions would refuse at cold start fails synth instead.
 */

const fromBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);
const fromList = (value: unknown) =>
  typeof value === 'string' && !value.trim().startsWith('[')
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : fromJson(value);

const SsmParameterName = z
  .string()
  .check(z.regex(/^\/[A-Za-z0-9_.\-/]+$/, 'Must be an SSM parameter name starting with /'));
const RETENTION_DAYS = Object.values(RetentionDays).filter((days): days is number => typeof days === 'number');

/** A key of the deployment's own: its rules, its default (else it is optional), and what it means. */
type KeyDeclaration<S extends z.ZodMiniType> = {
  readonly schema: S;
  readonly default?: z.output<S>;
  /** Without a default: what an unset key means, for the settings table (else "none"). */
  readonly unset?: string;
  readonly description: string;
};

const contextKey = <S extends z.ZodMiniType, const D extends KeyDeclaration<S>>(
  declaration: D & KeyDeclaration<S>,
) => ({
  context: (declaration.default === undefined
    ? z.optional(declaration.schema)
    : z._default(declaration.schema, declaration.default as never)) as D extends { default: unknown }
    ? z.ZodMiniDefault<S>
    : z.ZodMiniOptional<S>,
  default: declaration.default === undefined ? undefined : String(declaration.default),
  unset: declaration.unset,
  description: declaration.description,
});

/** The keys of the deployment itself: names, alarms, the API's limits, logs, tracing, and where chains are read. */
export const DEPLOYMENT_KEYS = {
  stage: contextKey({
    schema: z
      .string()
      .check(z.regex(/^[a-z][a-z0-9-]{0,19}$/, 'Lower-case letters, digits and dashes, starting with a letter')),
    default: 'dev',
    description: "Names the stacks (`payouts-<stage>-api`), the log `service` and the metrics' service dimension.",
  }),
  alarmEmail: contextKey({
    schema: z.email(),
    description: 'Subscribed to the alarm topic (AWS asks the address to confirm once). Without it, subscribe by hand.',
  }),
  throttleRateLimit: contextKey({
    schema: z.coerce.number().check(z.int(), z.positive()),
    default: 100,
    description: 'API Gateway stage throttling: steady requests per second.',
  }),
  throttleBurstLimit: contextKey({
    schema: z.coerce.number().check(z.int(), z.positive()),
    default: 200,
    description: 'API Gateway stage throttling: the burst above the steady rate.',
  }),
  corsAllowOrigins: contextKey({
    schema: z.pipe(z.transform(fromList), z.array(z.url()).check(z.minLength(1))),
    unset: 'CORS off',
    description:
      'Browser origins allowed by CORS, comma-separated or a JSON list; none leaves CORS off: the API is called server to server.',
  }),
  logRetentionDays: contextKey({
    schema: z.coerce
      .number()
      .check(z.refine((days) => RETENTION_DAYS.includes(days), `Must be one of ${RETENTION_DAYS.join(', ')}`)),
    default: 90,
    description:
      "Retention of every function's log group and of the access logs, in days (one of CloudWatch's values).",
  }),
  tracing: contextKey({
    schema: z.pipe(z.transform(fromBoolean), z.boolean()),
    default: false,
    description: 'X-Ray active tracing on every function.',
  }),
  liveOrganizations: contextKey({
    schema: z.pipe(z.transform(fromBoolean), z.boolean()),
    unset: 'sandbox organizations only',
    description:
      'The deployment serves live organizations: synth then refuses placeholders and names each missing key (infra/aws/live-readiness.ts): a deposit key, `receivingBanks`, `consoleOrigin`, `mailFrom`, a `startBlock` in `chainWatchers` for every supported chain.',
  }),
  depositXpubParameter: contextKey({
    schema: SsmParameterName,
    description:
      'SSM String parameter holding the extended public key deposit addresses are derived from; resolved by CloudFormation at deploy time into `DEPOSIT_XPUB` (change the parameter, then redeploy). Or `depositXpub`, not both.',
  }),
  chainWatchers: contextKey({
    schema: z.pipe(
      z.transform(fromJson),
      z.partialRecord(
        ChainSchema,
        z.strictObject({
          // What the watcher accepts as `WATCH_USDC_ADDRESS` and `WATCH_CONFIRMATIONS` (shared/deposits/settings.ts).
          usdcAddress: z.optional(ChainWatchSettings.usdcAddress.schema),
          confirmations: z.optional(z.number().check(z.int(), z.gte(0), z.lte(10_000))),
          startBlock: z.optional(z.string().check(z.regex(/^\d+$/, 'Must be a block number as a string'))),
          rpcUrlParameter: z.optional(SsmParameterName),
        }),
      ),
    ),
    unset: 'code defaults',
    description:
      'JSON per chain, what differs from the watcher\'s defaults (infra/aws/chain-watchers.ts): `{"base":{"confirmations":120,"startBlock":"23000000","usdcAddress":"0x...","rpcUrlParameter":"/..."}}`.',
  }),
};

/** Every function's settings that a context key sets: the service's, and the sweepers'. */
const DEPLOYABLE = { ...SERVICE_SETTINGS, sweepers: ChainSweepSettings };
type Deployable = Extract<SettingIn<typeof DEPLOYABLE>, { deploy: object }>;

/** The settings a context key sets, in the order of their areas. */
export const DEPLOYED_SETTINGS = settingsOf(DEPLOYABLE as Layout).filter(
  (entry): entry is Setting & Deployable => entry.deploy !== undefined,
);

/** Each setting's context key, with its rules. */
type ContextShape = { [S in Deployable as S['deploy']['key']]: S['deploy']['context'] };
const contextShape = Object.fromEntries(
  DEPLOYED_SETTINGS.map((entry) => [entry.deploy.key, entry.deploy.context]),
) as ContextShape;

export const DeploymentConfigSchema = z.strictObject({
  ...(Object.fromEntries(Object.entries(DEPLOYMENT_KEYS).map(([key, declared]) => [key, declared.context])) as {
    [K in keyof typeof DEPLOYMENT_KEYS]: (typeof DEPLOYMENT_KEYS)[K]['context'];
  }),
  ...contextShape,
});

export type DeploymentConfig = z.infer<typeof DeploymentConfigSchema>;

/** A setting's `to` names a background function (or none: every function gets it). */
type PassedTo = NonNullable<Deployable['deploy']['to']>;
true satisfies PassedTo extends BackgroundFunctionName ? true : never;

/** The passed-on settings that are set: context key, variable, whom it is for, and the value as the functions read it. */
function passedOn(config: DeploymentConfig) {
  return DEPLOYED_SETTINGS.flatMap((entry) => {
    const { key, format, to } = entry.deploy;
    const value: unknown = config[key as keyof DeploymentConfig];
    if (value === undefined) return [];
    const text = format
      ? (format as (value: unknown) => string)(value)
      : typeof value === 'object'
        ? JSON.stringify(value)
        : String(value);
    return [{ key, variable: entry.variable, to: to as BackgroundFunctionName | undefined, text, entry }];
  });
}

/** What the functions get as `variable`, when the deployment sets it. */
export function passedOnValue(config: DeploymentConfig, variable: ServiceVariable): string | undefined {
  return passedOn(config).find((setting) => setting.variable === variable)?.text;
}

/** The variables the deployment sets for the instances of a background function that alone gets them. */
export function passedOnTo(config: DeploymentConfig, name: BackgroundFunctionName): Record<string, string> {
  return Object.fromEntries(
    passedOn(config)
      .filter((setting) => setting.to === name)
      .map((setting) => [setting.variable, setting.text]),
  );
}

const OneXpubSource = DeploymentConfigSchema.check(
  z.refine((config) => !(config.depositXpub && config.depositXpubParameter), {
    path: ['depositXpub'],
    message: 'Give depositXpub or depositXpubParameter, not both',
  }),
  // The functions' own reading of what they are given: a value they would refuse fails synth, not every cold start.
  z.superRefine((config, ctx) => {
    for (const { key, text, entry } of passedOn(config)) {
      const result = entry.schema.safeParse(text);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        ctx.issues.push({ code: 'custom', message: issue.message, path: [key, ...issue.path], input: text });
      }
    }
  }),
);
export const CONTEXT_KEYS = Object.keys(DeploymentConfigSchema.shape) as (keyof DeploymentConfig)[];

export class DeploymentConfigError extends Error {}

/** Parses the context values of `CONTEXT_KEYS`; an invalid one fails synth with a message naming the key. */
export function parseDeploymentConfig(context: Record<string, unknown>): DeploymentConfig {
  const ours = Object.fromEntries(
    CONTEXT_KEYS.flatMap((key) => (context[key] === undefined ? [] : [[key, context[key]]])),
  );
  const result = OneXpubSource.safeParse(ours);
  if (!result.success) {
    // A value both the context's rules and the variable's refuse for the same reason is named once.
    const problems = new Set(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
    throw new DeploymentConfigError(`Invalid CDK context: ${[...problems].join('; ')}`);
  }
  return result.data;
}

export function readDeploymentConfig(node: Node): DeploymentConfig {
  return parseDeploymentConfig(Object.fromEntries(CONTEXT_KEYS.map((key) => [key, node.tryGetContext(key)])));
}

/** Namespace of the EMF metrics the functions write (the stage is the `service` dimension). */
export const METRICS_NAMESPACE = 'Payouts';

/**
 * The environment every function of the deployment gets (besides `TABLE_NAME`): the service's name and metrics
 * namespace, the xpub parameter resolved at deploy time, and the settings set in context for every function.
 */
export function deploymentEnvironment(scope: Construct, config: DeploymentConfig): Record<string, string> {
  const environment: Record<string, string> = { SERVICE_NAME: `payouts-${config.stage}`, METRICS_NAMESPACE };
  if (config.depositXpubParameter) {
    // A CloudFormation parameter of type AWS::SSM::Parameter::Value<String>: read at deploy time by
    // CloudFormation, so the functions need neither an SSM permission nor a call at cold start.
    environment.DEPOSIT_XPUB = StringParameter.valueForStringParameter(scope, config.depositXpubParameter);
  }
  for (const { variable, to, text } of passedOn(config)) if (to === undefined) environment[variable] = text;
  return environment;
}
