import { existsSync } from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { describe, expect, it } from 'vitest';
import { areaOf, RouteAreaError, routesByArea } from '#infra/aws/api-area-stack.ts';
import { CHAIN_DEFAULTS } from '#infra/aws/chain-watchers.ts';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { createRouter } from '#infra/local/router.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { routeList } from '#shared/routes.ts';
import { logicalIdOf, nestedStacksOf, templateWithNestedStacks } from '#test/infra/templates.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

const { api } = appWithoutBundling();
/** The API stack and its nested (per-area) stacks as one template; see test/infra/templates.ts. */
const template = templateWithNestedStacks(api);
const integrations = template.findResources('AWS::ApiGatewayV2::Integration');

const configured = appWithoutBundling(FULL_CONTEXT).api;
const configuredTemplate = templateWithNestedStacks(configured);

function functionOf(operationId: string): PayoutsFunction {
  const fn = api.functions.get(operationId);
  if (!fn) throw new Error(`no function for ${operationId}`);
  return fn;
}

const allFunctions = (): [string, IFunction][] => [
  ...[...api.functions.entries()].map(([id, fn]): [string, IFunction] => [id, fn]),
  ['notFound', api.notFound],
];

/** The logical id of the function an API Gateway route key is wired to. */
function functionBehind(routeKey: string): string {
  const routes = Object.values(
    template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }),
  );
  expect(routes, routeKey).toHaveLength(1);
  const integrationId = routes[0]?.Properties.Target['Fn::Join'][1][1].Ref;
  return integrations[integrationId]?.Properties.IntegrationUri['Fn::GetAtt'][0];
}

const onlyStage = (t: Template) => {
  const stages = Object.values(t.findResources('AWS::ApiGatewayV2::Stage'));
  expect(stages).toHaveLength(1);
  return stages[0]?.Properties;
};

/** The alarm topic of the stateful stack, read through its published output. */
const alarmTopicAction = {
  'Fn::GetStackOutput': Match.objectLike({
    StackName: 'payouts-dev-stateful',
    OutputName: Match.stringLikeRegexp('AlarmTopic'),
  }),
};

describe('API stack', () => {
  it('has one function per route, plus the not-found function', () => {
    template.resourceCountIs('AWS::Lambda::Function', routeList.length + 1);
    expect(api.functions.size).toBe(routeList.length);
  });

  it('runs every function on Node 22, arm64, 512 MB, 10 s, with the table name, service, metrics and source maps', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 10,
      Environment: {
        Variables: {
          TABLE_NAME: Match.anyValue(),
          NODE_OPTIONS: '--enable-source-maps',
          SERVICE_NAME: 'payouts-dev',
          METRICS_NAMESPACE: 'Payouts',
          LOG_LEVEL: 'info',
        },
      },
    });
  });

  it('names each function after its operationId, in PascalCase', () => {
    expect(functionOf('createCustomer').node.id).toBe('CreateCustomer');
    expect(functionOf('getKycAddress').node.id).toBe('GetKycAddress');
  });

  it("routes each row's method and path to that row's function", () => {
    for (const route of routeList) {
      expect(functionBehind(`${route.method} ${route.path}`), route.operationId).toBe(
        logicalIdOf(functionOf(route.operationId)),
      );
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Route', routeList.length + 1);
  });

  it('deploys as each function the module the local runtime dispatches the same request to', () => {
    const dispatch = createRouter(routeList);
    for (const route of routeList) {
      const concretePath = route.path.replace(/\{[^}]+\}/g, 'some-id');
      const local = dispatch(route.method, concretePath);
      const entry = functionOf(route.operationId).entry;

      expect(local?.route.operationId, route.operationId).toBe(route.operationId);
      expect(entry).toBe(path.join(REPO_ROOT, local?.route.handler ?? ''));
      expect(existsSync(entry), entry).toBe(true);
    }
  });

  it('sends every other request to the not-found function through $default', () => {
    expect(functionBehind('$default')).toBe(logicalIdOf(api.notFound));
  });

  it('puts the routes of each area (the folder of their handlers) in a nested stack of its own', () => {
    const handlerFolders = new Set(routeList.map((route) => path.basename(path.dirname(route.handler))));

    expect([...api.areas.keys()].sort()).toEqual([...handlerFolders].sort());
    expect(nestedStacksOf(api)).toEqual(expect.arrayContaining([...api.areas.values()]));
    expect(nestedStacksOf(api)).toHaveLength(api.areas.size);
    for (const route of routeList) {
      const area = api.areas.get(path.basename(path.dirname(route.handler)));
      expect(Stack.of(functionOf(route.operationId)), route.operationId).toBe(area);
    }
  });

  it('keeps the API, its stage, the $default route and the not-found function in the parent stack', () => {
    const parent = Template.fromStack(api);

    expect([api.api, api.stage, api.notFound].map((construct) => Stack.of(construct))).toEqual([api, api, api]);
    parent.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    parent.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
    parent.resourceCountIs('AWS::Lambda::Function', 1);
    parent.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: '$default' });
  });

  it("adds every area's routes and integrations to the parent's API", () => {
    const apiId = { Ref: logicalIdOf(api.api) };

    template.allResourcesProperties('AWS::ApiGatewayV2::Route', { ApiId: apiId });
    template.allResourcesProperties('AWS::ApiGatewayV2::Integration', { ApiId: apiId });
  });

  it('outputs the API URL', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::GetAtt': [logicalIdOf(api.api), 'ApiEndpoint'] } });
  });
});

describe('the stage', () => {
  it('is the auto-deployed $default stage, throttled at 100 requests per second with bursts of 200', () => {
    expect(onlyStage(template)).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 100, ThrottlingBurstLimit: 200 },
    });
  });

  it('takes its throttling from the context', () => {
    expect(onlyStage(configuredTemplate).DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 40,
      ThrottlingBurstLimit: 80,
    });
  });

  it('writes a JSON access log line per request, without headers, to a log group kept 90 days', () => {
    const stage = onlyStage(template);
    const format = JSON.parse(stage.AccessLogSettings.Format);
    const [logGroupId] = stage.AccessLogSettings.DestinationArn['Fn::GetAtt'];

    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status' });
    expect(stage.AccessLogSettings.Format).not.toMatch(/header|authorization/i);
    expect(template.toJSON().Resources[logGroupId]).toMatchObject({
      Type: 'AWS::Logs::LogGroup',
      Properties: { RetentionInDays: 90 },
    });
  });

  it('answers no CORS preflight unless origins are configured', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { CorsConfiguration: Match.absent() });
    configuredTemplate.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: Match.objectLike({
        AllowOrigins: ['https://dashboard.example.com', 'https://admin.example.com'],
        AllowHeaders: Match.arrayWith(['authorization', 'idempotency-key']),
        ExposeHeaders: Match.arrayWith(['link', 'x-request-id']),
      }),
    });
  });
});

describe('function logs', () => {
  it('go to a log group of its own per function, kept 90 days and retained when the stack goes', () => {
    const groups = template.findResources('AWS::Logs::LogGroup');
    for (const [operationId, fn] of allFunctions()) {
      const properties = template.toJSON().Resources[logicalIdOf(fn)].Properties;
      const groupId = properties.LoggingConfig.LogGroup.Ref;

      expect(groups[groupId], operationId).toMatchObject({
        Properties: { RetentionInDays: 90 },
        DeletionPolicy: 'Retain',
      });
    }
    // One per function, plus the access logs; no shared group and no LogRetention custom resource.
    template.resourceCountIs('AWS::Logs::LogGroup', routeList.length + 2);
    template.resourceCountIs('Custom::LogRetention', 0);
  });

  it('keep the retention the context sets', () => {
    configuredTemplate.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 365 });
  });
});

describe('tracing', () => {
  it('is off by default', () => {
    template.allResourcesProperties('AWS::Lambda::Function', { TracingConfig: Match.absent() });
  });

  it('is active on every function when the context turns it on', () => {
    configuredTemplate.resourcePropertiesCountIs(
      'AWS::Lambda::Function',
      { TracingConfig: { Mode: 'Active' } },
      routeList.length + 1,
    );
  });
});

describe('deployment settings in the environment', () => {
  const variablesOf = (t: Template) =>
    Object.values(t.findResources('AWS::Lambda::Function')).map((fn) => fn.Properties.Environment.Variables);

  it('resolves the deposit xpub from its SSM parameter at deploy time, into every function', () => {
    const parameters = configuredTemplate.toJSON().Parameters as Record<string, { Type: string; Default: string }>;
    const [xpubParameterId] = Object.entries(parameters).find(
      ([, parameter]) => parameter.Default === '/payouts/prod/deposit-xpub',
    ) ?? [undefined];

    expect(parameters[xpubParameterId ?? '']?.Type).toBe('AWS::SSM::Parameter::Value<String>');
    for (const variables of variablesOf(configuredTemplate)) {
      expect(variables.DEPOSIT_XPUB).toEqual({ Ref: xpubParameterId });
    }
  });

  it('passes rates, withdrawal limits and receiving banks as configured, and the stage-named service', () => {
    const [variables] = variablesOf(configuredTemplate);

    expect(variables).toMatchObject({
      SERVICE_NAME: 'payouts-prod',
      LOG_LEVEL: 'warn',
      EXCHANGE_RATES: 'EUR=0.92,USD=1.00',
      WITHDRAWAL_EXPIRY_S: '86400',
      WITHDRAWAL_MAX_USDC: '250000',
      SANDBOX_SETTLE_AFTER_S: 'off',
      SEPA_INSTANT_LIMIT_EUR: '5000',
    });
    expect(JSON.parse(variables.RECEIVING_BANKS)).toMatchObject({ EUR: { iban: 'DE89370400440532013000' } });
  });

  it("gives a function that reads chains on request the watchers' RPC URL parameters, never a URL", () => {
    const withRpc = variablesOf(template).filter((variables) => 'CHAIN_RPC' in variables);

    expect(withRpc).toHaveLength(routeList.filter((route) => route.access.chainRpc).length);
    for (const variables of withRpc) {
      // With each chain's USDC token: `GET /balances` reads the treasury's balance of it.
      expect(JSON.parse(variables.CHAIN_RPC ?? '')).toEqual({
        base: { parameterName: '/payouts/dev/rpc-url/base', usdcAddress: CHAIN_DEFAULTS.base.usdcAddress },
        ethereum: { parameterName: '/payouts/dev/rpc-url/ethereum', usdcAddress: CHAIN_DEFAULTS.ethereum.usdcAddress },
        polygon: { parameterName: '/payouts/dev/rpc-url/polygon', usdcAddress: CHAIN_DEFAULTS.polygon.usdcAddress },
        arbitrum: { parameterName: '/payouts/dev/rpc-url/arbitrum', usdcAddress: CHAIN_DEFAULTS.arbitrum.usdcAddress },
      });
    }
  });

  it('leaves out what is not configured, so the code defaults apply', () => {
    for (const variables of variablesOf(template)) {
      // The bank channel's bucket goes only to the functions that may use it (the sandbox complete and fail routes),
      // the KYC documents' bucket only to the upload, the chains' RPC parameters only to those that read chains on
      // request (verify-address, its own test), the KYC providers' secret only to the routes that call a provider,
      // the sanctions lists' bucket only to the routes that screen.
      // REFERENCE_RATES_SOURCE is set on purpose: AWS deploys ECB rates, the code's default is fixed rates.
      expect(
        Object.keys(variables)
          .filter(
            (name) =>
              ![
                'BANK_CHANNEL_BUCKET',
                'KYC_DOCUMENTS_BUCKET',
                'CHAIN_RPC',
                'KYC_PROVIDER_SECRET_ID',
                'SANCTIONS_BUCKET',
              ].includes(name),
          )
          .sort(),
      ).toEqual([
        'LOG_LEVEL',
        'METRICS_NAMESPACE',
        'NODE_OPTIONS',
        'REFERENCE_RATES_SOURCE',
        'SERVICE_NAME',
        'TABLE_NAME',
      ]);
    }
  });

  it('holds no private key material in any template', () => {
    for (const t of [template, configuredTemplate]) {
      const text = JSON.stringify(t.toJSON());

      expect(text).not.toMatch(/[xtyz]prv[1-9A-HJ-NP-Za-km-z]{20,}/);
      expect(text).not.toMatch(/PRIVATE KEY|MNEMONIC|SEED_PHRASE/i);
    }
  });
});

describe('alarms', () => {
  it('watch every function for errors and throttles, notifying the alarm topic', () => {
    for (const [, fn] of allFunctions()) {
      for (const metricName of ['Errors', 'Throttles']) {
        template.hasResourceProperties('AWS::CloudWatch::Alarm', {
          Namespace: 'AWS/Lambda',
          MetricName: metricName,
          Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(fn) } }],
          Threshold: 1,
          AlarmActions: [alarmTopicAction],
          OKActions: [alarmTopicAction],
        });
      }
    }
    // Two per function, plus the 5xx rate of the stage.
    template.resourceCountIs('AWS::CloudWatch::Alarm', 2 * (routeList.length + 1) + 1);
  });

  it('watch the share of 5xx answers of the stage', () => {
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: Match.stringLikeRegexp('100 \\* errors / requests') }),
        Match.objectLike({
          Id: 'errors',
          MetricStat: Match.objectLike({
            Metric: Match.objectLike({ Namespace: 'AWS/ApiGateway', MetricName: '5xx' }),
          }),
        }),
      ]),
      Threshold: 5,
      ComparisonOperator: 'GreaterThanThreshold',
      AlarmActions: [alarmTopicAction],
    });
  });
});

describe('the area of a route', () => {
  it('is the folder of its handler, and groups the route table by it in order of appearance', () => {
    const rows = [
      { operationId: 'listBanks', handler: 'functions/api/banks/list-banks.ts' },
      { operationId: 'createVirtualAccount', handler: 'functions/api/virtual-accounts/create-virtual-account.ts' },
      { operationId: 'getBank', handler: 'functions/api/banks/get-bank.ts' },
    ];

    expect(areaOf({ operationId: 'listVirtualAccounts', handler: 'functions/api/virtual-accounts/list.ts' })).toBe(
      'virtual-accounts',
    );
    expect([...routesByArea(rows)].map(([area, routes]) => [area, routes.map((route) => route.operationId)])).toEqual([
      ['banks', ['listBanks', 'getBank']],
      ['virtual-accounts', ['createVirtualAccount']],
    ]);
  });

  it('fails synth for a handler outside functions/api/<area>/, naming the route', () => {
    for (const handler of ['functions/api/not-found.ts', 'functions/events/relay.ts', 'shared/banks/x.ts']) {
      expect(() => areaOf({ operationId: 'strayRoute', handler }), handler).toThrow(RouteAreaError);
      expect(() => areaOf({ operationId: 'strayRoute', handler }), handler).toThrow(/strayRoute/);
    }
  });
});
