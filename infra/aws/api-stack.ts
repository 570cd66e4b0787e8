import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CorsHttpMethod,
  type CorsPreflightOptions,
  HttpApi,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { Alarms } from '#infra/aws/alarms.ts';
import { ApiAreaStack, pascalCase, routesByArea } from '#infra/aws/api-area-stack.ts';
import { type DeploymentConfig, deploymentEnvironment } from '#infra/aws/config.ts';
import { PayoutsFunction } from '#infra/aws/function.ts';
import { NOT_FOUND_HANDLER, routeList } from '#shared/routes.ts';

export type ApiStackProps = StackProps & {
  table: ITable;
  alarmTopic: ITopic;
  config: DeploymentConfig;
  /** The bank channel, for the routes whose access names it (the sandbox complete and fail routes). */
  bankBucket: Bucket;
};

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
 * `$default` route for everything else. Throttled, access-logged, alarmed. The API, its stage, access logs and
 * `$default` route live here; each area's routes (the folder of their handlers, `functions/api/<area>/`) are a
 * nested stack of their own, so no template comes near CloudFormation's 500 resources as routes are added.
 */
export class ApiStack extends Stack {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** By area (`customers`, `withdrawals`, ...): the nested stack holding that area's routes. */
  readonly areas: ReadonlyMap<string, ApiAreaStack>;
  /** By operationId, for tests and for whatever needs a route's function later (dashboards). */
  readonly functions: ReadonlyMap<string, PayoutsFunction>;
  readonly notFound: PayoutsFunction;

  constructor(scope: Construct, id: string, props: ApiStackProps) {
    super(scope, id, props);
    const { table, alarmTopic, config, bankBucket } = props;
    // Made here, so the deposit xpub's SSM parameter is resolved once, in this stack, and handed to the areas.
    const environment = { TABLE_NAME: table.tableName, ...deploymentEnvironment(this, config) };
    const alarms = new Alarms(this, 'Alarms', { topic: alarmTopic });

    // Without a `$default` route API Gateway answers unknown paths with `{"message":"Not Found"}`, not the
    // contract's `{"error": ...}`.
    this.notFound = new PayoutsFunction(this, 'NotFound', {
      handler: NOT_FOUND_HANDLER,
      environment,
      description: 'Answers 404 for every unknown route',
      logRetention: config.logRetentionDays,
      tracing: config.tracing,
    });
    alarms.alarmOnFunction(this.notFound, 'NotFound');
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

    const areas = new Map<string, ApiAreaStack>();
    const functions = new Map<string, PayoutsFunction>();
    // The stage auto-deploys, so the routes the nested stacks add to the API go live without a deployment here.
    for (const [area, routes] of routesByArea(routeList)) {
      const areaStack = new ApiAreaStack(this, `${pascalCase(area)}Routes`, {
        description: `Payout service API (v2), ${config.stage}: the ${area} routes`,
        api: this.api,
        routes,
        table,
        alarmTopic,
        bankBucket,
        environment,
        config,
      });
      areas.set(area, areaStack);
      for (const [operationId, fn] of areaStack.functions) functions.set(operationId, fn);
    }
    this.areas = areas;
    this.functions = functions;
    Validations.of(this.api.node.findChild('DefaultRoute')).acknowledge({
      id: 'AwsSolutions-APIG4',
      reason: 'The $default route only answers 404 {"error":"Not found"} to unknown paths; it reads nothing.',
    });

    new CfnOutput(this, 'ApiUrl', { value: this.api.apiEndpoint, description: 'Base URL; routes start at /api/v2' });
  }
}
