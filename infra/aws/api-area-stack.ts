import { ArnFormat, Aws, NestedStack, type NestedStackProps, Stack, Validations } from 'aws-cdk-lib';
import { HttpMethod, HttpRoute, HttpRouteKey, type IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { Alarms } from '#infra/aws/alarms.ts';
import { grantBankChannel } from '#infra/aws/bank-channel.ts';
import { watchedChains } from '#infra/aws/chain-watchers.ts';
import type { DeploymentConfig } from '#infra/aws/config.ts';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { grantDocumentRead, grantDocumentUpload } from '#infra/aws/kyc-documents.ts';
import { grantKycProviderSecret } from '#infra/aws/kyc-providers.ts';
import { grantSanctionsListsRead } from '#infra/aws/sanctions-lists.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { DEFAULT_MAIL_FROM } from '#shared/config/env.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';

/** The handler of every route lives at `functions/api/<area>/<action>.ts`; the folder is the route's area. */
const ROUTE_HANDLER = /^functions\/api\/([a-z][a-z0-9-]*)\/[^/]+\.ts$/;

export class RouteAreaError extends Error {}

/** The area of a route: the folder of its handler file. A handler anywhere else fails synth. */
export function areaOf(route: Pick<RouteDefinition, 'handler' | 'operationId'>): string {
  const area = ROUTE_HANDLER.exec(route.handler)?.[1];
  if (!area) {
    throw new RouteAreaError(
      `${route.operationId}: handler ${route.handler} is not functions/api/<area>/<action>.ts, so it has no area`,
    );
  }
  return area;
}

/** The route table's rows by area, areas in the order they first appear. */
export function routesByArea<R extends Pick<RouteDefinition, 'handler' | 'operationId'>>(
  routes: readonly R[],
): Map<string, R[]> {
  const byArea = new Map<string, R[]>();
  for (const route of routes) {
    const area = areaOf(route);
    byArea.set(area, [...(byArea.get(area) ?? []), route]);
  }
  return byArea;
}

/** `operationId` (camelCase) or area (kebab-case) as a CDK id. */
export const pascalCase = (name: string) =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

export type ApiAreaStackProps = NestedStackProps & {
  bankBucket: Bucket;
  /** The API the routes join; it, its stage and its `$default` route stay in the parent stack. */
  api: IHttpApi;
  /** The area's rows of the route table. */
  routes: readonly RouteDefinition[];
  table: ITable;
  alarmTopic: ITopic;
  /** What every function of the API gets: `TABLE_NAME` and `deploymentEnvironment(...)` of the parent. */
  environment: Record<string, string>;
  config: DeploymentConfig;
};

/**
 * One area's routes of the HTTP API (customers, withdrawals, ...), as a nested stack of the API stack: per row, its
 * function with exactly the table access the row declares, the integration and route on the parent's API, and the
 * function's alarms. Nine resources a route, so an area stays far below CloudFormation's 500 per stack
 * (test/infra/template-limits.test.ts keeps every stack under 400).
 */
/** Only `ses:SendEmail`, only through the sender domain's SES identity, only from the configured address. */
function grantSendMail(scope: Construct, fn: PayoutsFunction, from: string) {
  const domain = from.slice(from.indexOf('@') + 1);
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [Stack.of(scope).formatArn({ service: 'ses', resource: 'identity', resourceName: domain })],
      conditions: { StringEquals: { 'ses:FromAddress': from } },
    }),
  );
}

/** Only `secretsmanager:GetSecretValue`, only on the payee verification provider's key secret. */
function grantPayeeVerificationKey(scope: Construct, fn: PayoutsFunction, config: DeploymentConfig) {
  const secret = config.payeeVerificationApiKeySecret;
  if (!secret) return;
  const arn = secret.startsWith('arn:')
    ? secret
    : // A name: Secrets Manager appends six random characters to the ARN of a named secret.
      Stack.of(scope).formatArn({
        service: 'secretsmanager',
        resource: 'secret',
        resourceName: `${secret}-??????`,
        arnFormat: ArnFormat.COLON_RESOURCE_NAME,
      });
  fn.addToRolePolicy(new PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [arn] }));
}

/**
 * The chain watchers' RPC URL parameters (SSM SecureStrings: the URL carries the provider's key) as `CHAIN_RPC`,
 * with `ssm:GetParameter` on exactly those; the function reads a URL on first use, as the watchers do.
 */
function grantChainRpc(fn: PayoutsFunction, config: DeploymentConfig) {
  const chains = watchedChains(config);
  fn.addEnvironment(
    'CHAIN_RPC',
    JSON.stringify(
      Object.fromEntries(
        chains.map((c) => [c.chain, { parameterName: c.rpcUrlParameter, usdcAddress: c.usdcAddress }]),
      ),
    ),
  );
  // The aws/ssm key that encrypts the SecureStrings needs no key policy grant.
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ssm:GetParameter'],
      resources: chains.map(
        (c) => `arn:${Aws.PARTITION}:ssm:${Aws.REGION}:${Aws.ACCOUNT_ID}:parameter${c.rpcUrlParameter}`,
      ),
    }),
  );
}

export class ApiAreaStack extends NestedStack {
  /** By operationId. */
  readonly functions: ReadonlyMap<string, PayoutsFunction>;

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, props);
    const { api, routes, table, alarmTopic, environment, config } = props;
    const alarms = new Alarms(this, 'Alarms', { topic: alarmTopic });

    const functions = new Map<string, PayoutsFunction>();
    for (const route of routes) {
      const name = pascalCase(route.operationId);
      const fn = new PayoutsFunction(this, name, {
        handler: route.handler,
        environment,
        description: `${route.method} ${route.path}`,
        packageFiles: route.access.packageFiles,
        logRetention: config.logRetentionDays,
        tracing: config.tracing,
      });
      alarms.alarmOnFunction(fn, name);
      grantTableAccess(fn, table, route.access);
      if (route.access.mail) grantSendMail(this, fn, config.mailFrom ?? DEFAULT_MAIL_FROM);
      if (route.access.bankChannel) grantBankChannel(fn, config.stage, route.access.bankChannel);
      if (route.access.chainRpc) grantChainRpc(fn, config);
      if (route.access.documents === 'upload') grantDocumentUpload(fn, config.stage);
      if (route.access.documents === 'read') grantDocumentRead(fn, config.stage);
      if (route.access.kycProvider) grantKycProviderSecret(fn, config.stage);
      if (route.access.sanctionsLists) grantSanctionsListsRead(fn, config.stage);
      if (route.access.payeeVerification) grantPayeeVerificationKey(this, fn, config);
      const apiRoute = new HttpRoute(this, `${name}Route`, {
        httpApi: api,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      Validations.of(apiRoute).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason: route.console
          ? 'Console route, authenticated in the function: the session cookie is looked up by hash on every ' +
            'request (the sign-in ceremonies themselves are public, rate limited and verified with WebAuthn).'
          : route.auth
            ? 'Authenticated in the function: Bearer API keys are looked up by hash on every request (no cache, ' +
              'so a revoked key fails at once), which an API Gateway authorizer would only duplicate.'
            : route.tag === 'KYC providers'
              ? "A provider's webhook: public by contract, authenticated in the function by the provider's " +
                'HMAC over the raw body (constant-time), with a replay window and per-event idempotency.'
              : 'A public route by contract (health, documentation): it reads nothing of any organization.',
      });
      functions.set(route.operationId, fn);
    }
    this.functions = functions;
  }
}
