import * as z from '#shared/validation/zod.ts';

/** Defined (as `true`) by esbuild in every deployed function (infra/aws/bundling.ts), as for `SETTINGS_ABOUT`. */
declare const PAYOUTS_WITHOUT_SETTINGS_ABOUT: true | undefined;

/**
 * A setting is declared once, in its area's settings fragment (`shared/<area>/settings.ts`): the environment variable,
 * its rules and default, what it means, and the CDK context key that sets it in AWS. From the declarations, the
 * functions read their environment at cold start (`env.ts`), the CDK app takes its context keys, checks them and
 * passes them on (`infra/aws/config.ts`), and the deploy settings table of infra/aws/README.md is generated
 * (`npm run docs:settings`). A fragment is a leaf: it imports zod, the validation and money leaves and this folder.
 */

/** How a setting is set in AWS, as its fragment declares it. */
type DeployDeclaration = {
  /** The CDK context key (`-c key=value`, or cdk.json). */
  readonly key: string;
  /**
   * The context value's rules, when not the variable's own (stricter in AWS, say). Whatever they accept is also
   * checked with the variable's rules at synth.
   */
  readonly schema?: z.ZodMiniType;
  /** The context value is JSON: text given with `-c`, a JSON value in cdk.json; without a schema, any JSON value. */
  readonly json?: true;
  /** The key's own default (the variable is then always passed on); unset keys pass nothing on. */
  readonly default?: string;
  /** The variable's text for a context value that is not written as itself (objects are written as JSON). */
  readonly format?: (value: never) => string;
  /** The background function whose instances alone get the variable (infra/aws wires it); unset: every function. */
  readonly to?: string;
  /** What an unset key means in AWS, when it is not what the unset variable means. */
  readonly unset?: string;
  /** What the settings table adds to the description for AWS. */
  readonly note?: string;
};

/** What a setting is about beyond a function's reading of it, written `SETTINGS_ABOUT && {...}`. */
type About = {
  /** One or two sentences: the settings table's text. */
  readonly description: string;
  /** Without a default: what an unset variable means, for the settings table (else "none"). */
  readonly unset?: string;
  readonly deploy?: DeployDeclaration;
};

/** A setting's way into AWS: the context key, its schema (unset: `undefined`, or the key's default), and how it passes. */
export type Deployed<
  K extends string = string,
  C extends z.ZodMiniType = z.ZodMiniType,
  T extends string | undefined = string | undefined,
> = {
  readonly key: K;
  readonly context: C;
  readonly default: string | undefined;
  readonly format: ((value: never) => string) | undefined;
  readonly to: T;
  readonly unset: string | undefined;
  readonly note: string | undefined;
};

export type Setting<
  V extends string = string,
  S extends z.ZodMiniType = z.ZodMiniType,
  D extends Deployed | undefined = Deployed | undefined,
> = {
  readonly variable: V;
  /** The variable's reading: its text (`undefined` when unset) to the value the code gets. */
  readonly schema: S;
  /**
   * What `about` declares, and the default's text: read by the CDK app, the settings table and the tests, and left
   * empty in a deployed function's bundle, where nothing reads them.
   */
  readonly default: string | undefined;
  readonly description: string;
  readonly unset: string | undefined;
  readonly deploy: D;
};

/** A schema without the default it may carry (`z.prefault`, `z._default`): the rules of a value given. */
type Given<S extends z.ZodMiniType> =
  S extends z.ZodMiniPrefault<infer I> ? I : S extends z.ZodMiniDefault<infer I> ? I : S;
type ContextOf<D extends DeployDeclaration, S extends z.ZodMiniType> = (
  D extends { schema: infer C extends z.ZodMiniType }
    ? D extends { json: true }
      ? z.ZodMiniPipe<z.ZodMiniTransform, C>
      : C
    : D extends { json: true }
      ? z.ZodMiniPipe<z.ZodMiniTransform, z.ZodMiniCustom>
      : Given<S>
) extends infer C extends z.ZodMiniType
  ? D extends { default: string }
    ? z.ZodMiniDefault<C>
    : z.ZodMiniOptional<C>
  : never;
type DeployedOf<S extends z.ZodMiniType, A extends false | About> =
  Exclude<A, false> extends { deploy: infer D extends DeployDeclaration }
    ? Deployed<D['key'], ContextOf<D, S>, D extends { to: infer To extends string } ? To : undefined>
    : undefined;

type DefaultDef = { type: string; innerType: z.ZodMiniType; defaultValue: unknown };

/** How a setting reaches AWS, from its declaration: the context key's schema built. */
function deployed(deploy: DeployDeclaration, given: z.ZodMiniType): Deployed {
  const context = deploy.json ? z.pipe(z.transform(fromJson), deploy.schema ?? z.custom()) : (deploy.schema ?? given);
  return {
    key: deploy.key,
    context:
      deploy.default === undefined
        ? z.optional(context)
        : z._default(context, deploy.default as z.output<typeof context>),
    default: deploy.default,
    format: deploy.format,
    to: deploy.to,
    unset: deploy.unset,
    note: deploy.note,
  };
}

/** What `about` declares, and the default's text, for a setting of `schema`. */
function aboutOf(about: false | About, schema: z.ZodMiniType) {
  const def = schema._zod.def as DefaultDef;
  const defaulted = def.type === 'prefault' || def.type === 'default';
  const given = defaulted ? def.innerType : schema;
  return {
    default: defaulted ? String(def.defaultValue) : undefined,
    ...(about && {
      description: about.description,
      unset: about.unset,
      deploy: about.deploy && deployed(about.deploy, given),
    }),
  };
}

/**
 * A setting: its variable, its rules (the variable's text, `undefined` when unset, to the value the code gets; a
 * default as `z.prefault(rules, text)`, so it reads exactly as the same text set would), and what it is about.
 */
export function setting<const V extends string, S extends z.ZodMiniType, const A extends false | About>(
  variable: V,
  schema: S,
  about: A,
): Setting<V, S, DeployedOf<S, A>> {
  return {
    variable,
    schema,
    default: undefined,
    description: '',
    unset: undefined,
    deploy: undefined,
    // Tested as written here, not through `SETTINGS_ABOUT`: a bundle then drops `aboutOf` and all it uses.
    ...(typeof PAYOUTS_WITHOUT_SETTINGS_ABOUT === 'undefined' && aboutOf(about, schema)),
  } as never;
}

/** One area's settings, by the name of the field the configuration gives each. */
export type Settings = { readonly [field: string]: Setting };

/** What a function reads: settings at the root of its configuration, and groups of settings under a field. */
export type Layout = { readonly [field: string]: Setting | Settings };

const isSetting = (entry: Setting | Settings): entry is Setting => typeof entry.variable === 'string';

/** The settings of a layout, as a union. */
export type SettingIn<L extends Layout> = {
  [K in keyof L]: L[K] extends Setting ? L[K] : L[K] extends Settings ? L[K][keyof L[K]] : never;
}[keyof L];

/** The configuration a layout reads into: each setting's value under its field. */
export type ConfigOf<L extends Layout> = {
  readonly [K in keyof L]: L[K] extends Setting
    ? z.output<L[K]['schema']>
    : L[K] extends Settings
      ? { readonly [F in keyof L[K]]: z.output<L[K][F]['schema']> }
      : never;
};

/** The settings of a layout, in order. */
export function settingsOf(layout: Layout): Setting[] {
  return Object.values(layout).flatMap((entry) => (isSetting(entry) ? [entry] : Object.values(entry)));
}

/** A layout's variables as one object schema, by variable: what a function parses its environment with. */
export function variablesOf<L extends Layout>(layout: L) {
  const shape = Object.fromEntries(settingsOf(layout).map((entry) => [entry.variable, entry.schema]));
  return z.object(shape as { [S in SettingIn<L> as S['variable']]: S['schema'] });
}

/** Arrays and plain objects are frozen with the configuration; other values (a Map, a bigint) are kept as they are. */
const frozen = (value: unknown) =>
  Array.isArray(value) ||
  (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    ? Object.freeze(value)
    : value;

/** Thrown at cold start on a missing or malformed setting, naming the variable. */
export class ConfigError extends Error {}

/** `schema`'s reading of `env`, or `error` listing every problem as `VARIABLE: reason`. */
export function parseSettings<S extends z.ZodMiniType>(
  schema: S,
  env: Record<string, string | undefined>,
  error: new (message: string) => Error = ConfigError,
): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}

type ReadOptions = {
  /** A rule across variables (say, exactly one of two), checked once each variable is valid. */
  readonly check?: z.core.$ZodCheck<Record<string, unknown>>;
  readonly error?: new (message: string) => Error;
};

/** The configuration `layout` reads from `env`, frozen; every problem at once otherwise, naming the variables. */
export function readLayout<L extends Layout>(
  layout: L,
  env: Record<string, string | undefined>,
  options: ReadOptions = {},
): ConfigOf<L> {
  const variables = variablesOf(layout);
  const values: Record<string, unknown> = parseSettings(
    options.check ? variables.check(options.check) : variables,
    env,
    options.error,
  );
  const read = (entry: Setting) => frozen(values[entry.variable]);
  const config = Object.fromEntries(
    Object.entries(layout).map(([field, entry]) => [
      field,
      isSetting(entry)
        ? read(entry)
        : Object.freeze(Object.fromEntries(Object.entries(entry).map(([name, each]) => [name, read(each)]))),
    ]),
  );
  return Object.freeze(config) as ConfigOf<L>;
}

/** A rule across two settings: exactly one of them is set. */
export const exactlyOneOf = (a: Setting, b: Setting) =>
  z.refine<Record<string, unknown>>((env) => (env[a.variable] === undefined) !== (env[b.variable] === undefined), {
    error: `set exactly one of ${a.variable} and ${b.variable}`,
    path: [a.variable],
  });

/** A JSON environment variable parsed by `schema`; unset: `fallback`. */
export const jsonVariable = <S extends z.ZodMiniType>(schema: S, fallback: z.input<S>) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value, ctx) => {
        if (value === undefined) return fallback;
        try {
          return JSON.parse(value) as unknown;
        } catch {
          ctx.issues.push({ code: 'custom', message: 'must be a JSON object', input: value });
          return z.NEVER;
        }
      }),
    ),
    schema,
  );

/** A CDK context value given as JSON text (`-c key='{...}'`) or as a JSON value (cdk.json). */
export const fromJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};
