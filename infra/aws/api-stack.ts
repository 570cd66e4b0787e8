import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  type CorsPreflightOptions,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { Alarms } from '#infra/aws/alarms.ts';
import { type DeploymentConfig, deploymentEnvironment } from '#infra/aws/config.ts';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { grantTableAccess } from '#infra/aws/table-access.ts';
import { NOT_FOUND_HANDLER, routeList } from '#shared/routes.ts';

export type ApiStackProps = StackProps & { table: ITable; alarmTopic: ITopic; config: DeploymentConfig };

const pascalCase = (camel: string) => camel.charAt(0).toUpperCase() + camel.slice(1);

/** One JSON object per request; no headers, so no Authorization, ever. */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    requestTime: '$context.requestTime',
    sourceIp: '$context.identity.sourceIp',
    userAgent: '$context.identity.userAgent',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    responseLength: '$context.responseLength',
    responseLatency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
    errorMessage: '$context.error.message',
  }),
);

function corsPreflight(origins: readonly string[] | undefined): CorsPreflightOptions | undefined {
  if (!origins) return undefined;
  return {
    allowOrigins: [...origins],
    allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PATCH, CorsHttpMethod.DELETE],
    allowHeaders: ['authorization', 'content-type', 'idempotency-key', 'x-request-id'],
    exposeHeaders: ['link', 'retry-after', 'x-request-id', 'idempotent-replayed'],
    maxAge: Duration.hours(1),
  };
}

/**
 * The HTTP API: one function per row of the route table, with exactly the table access its row declares, and a
 * `$default` route for everything else. Throttled, access-logged, alarmed.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** By operationId, for tests and for whatever needs a route's function later (dashboards). */
  readonly functions: ReadonlyMap<string, PayoutsFunction>;
  readonly notFound: PayoutsFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { table, alarmTopic, config } = props;
    const environment = { TABLE_NAME: table.tableName, ...deploymentEnvironment(this, config) };
    const alarms = new Alarms(this, 'Alarms', { topic: alarmTopic });
    const newFunction = (name: string, handler: string, description: string, packageFiles?: readonly string[]) => {
      const fn = new PayoutsFunction(this, name, {
        handler,
        environment,
        description,
        packageFiles,
        logRetention: config.logRetentionDays,
        tracing: config.tracing,
      });
      alarms.alarmOnFunction(fn, name);
      return fn;
    };

    // Without a `$default` route API Gateway answers unknown paths with `{"message":"Not Found"}`, not the
    // contract's `{"error": ...}`.
    this.notFound = newFunction('NotFound', NOT_FOUND_HANDLER, 'Answers 404 for every unknown route');
    this.api = new HttpApi(this, 'HttpApi', {
      description: `Payout service API (v2), ${config.stage}`,
      defaultIntegration: new HttpLambdaIntegration('NotFoundIntegration', this.notFound),
      // The stage is declared below, with throttling and access logs.
      createDefaultStage: false,
      corsPreflight: corsPreflight(config.corsAllowOrigins),
    });

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: config.logRetentionDays,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.api,
      autoDeploy: true,
      throttle: { rateLimit: config.throttleRateLimit, burstLimit: config.throttleBurstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });
    alarms.alarmOnServerErrorRate(this.stage);

    const functions = new Map<string, PayoutsFunction>();
    for (const route of routeList) {
      const name = pascalCase(route.operationId);
      const fn = newFunction(name, route.handler, `${route.method} ${route.path}`, route.access.packageFiles);
      grantTableAccess(fn, table, route.access);
      const [apiRoute] = this.api.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${name}Integration`, fn),
      });
      if (apiRoute) {
        Validations.of(apiRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: route.auth
            ? 'Authenticated in the function: Bearer API keys are looked up by hash on every request (no cache, ' +
              'so a revoked key fails at once), which an API Gateway authorizer would only duplicate.'
            : 'A public route by contract (health, documentation): it reads nothing of any organization.',
        });
      }
      functions.set(route.operationId, fn);
    }
    this.functions = functions;
    Validations.of(this.api.node.findChild('DefaultRoute')).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The $default route only answers 404 {"error":"Not found"} to unknown paths; it reads nothing.',
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL; routes start at /api/v2' });
  }
}
