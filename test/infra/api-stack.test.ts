import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { routeList } from '#shared/http/routes.ts';
import { appWithoutBundling } from '#test/infra/app-without-bundling.ts';

const { api } = appWithoutBundling();
const template = Template.fromStack(api);
const integrations = template.findResources('AWS::ApiGatewayV2::Integration');

const logicalId = (construct: IConstruct) => api.getLogicalId(construct.node.defaultChild as CfnElement);

function functionOf(operationId: string): IFunction {
  const fn = api.functions.get(operationId);
  if (!fn) throw new Error(`no function for ${operationId}`);
  return fn;
}

/** The logical id of the function an API Gateway route key is wired to. */
function functionBehind(routeKey: string): string {
  const routes = Object.values(
    template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: routeKey } }),
  );
  expect(routes, routeKey).toHaveLength(1);
  const integrationId = routes[0]?.Properties.Target['Fn::Join'][1][1].Ref;
  return integrations[integrationId]?.Properties.IntegrationUri['Fn::GetAtt'][0];
}

/** Every IAM action granted to a function's role. */
function actionsOf(fn: IFunction): string[] {
  if (!fn.role) throw new Error('function has no role');
  const policies = template.findResources('AWS::IAM::Policy', {
    Properties: { Roles: Match.arrayWith([{ Ref: logicalId(fn.role) }]) },
  });
  return Object.values(policies)
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement)
    .flatMap((statement) => statement.Action);
}

const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

describe('API stack', () => {
  it('has one function per route, plus the not-found function', () => {
    template.resourceCountIs('AWS::Lambda::Function', routeList.length + 1);
    expect(api.functions.size).toBe(routeList.length);
  });

  it('runs every function on Node 22, arm64, 512 MB, 10 s, with the table name and source maps', () => {
    template.allResourcesProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      MemorySize: 512,
      Timeout: 10,
      Environment: { Variables: { TABLE_NAME: Match.anyValue(), NODE_OPTIONS: '--enable-source-maps' } },
    });
  });

  it('names each function after its operationId, in PascalCase', () => {
    expect(functionOf('createCustomer').node.id).toBe('CreateCustomer');
    expect(functionOf('getKycAddress').node.id).toBe('GetKycAddress');
  });

  it("routes each row's method and path to that row's function", () => {
    for (const route of routeList) {
      expect(functionBehind(`${route.method} ${route.path}`), route.operationId).toBe(
        logicalId(functionOf(route.operationId)),
      );
    }
    template.resourceCountIs('AWS::ApiGatewayV2::Route', routeList.length + 1);
  });

  it('sends every other request to the not-found function through $default', () => {
    const notFound = api.node.findChild('NotFound') as IFunction;

    expect(functionBehind('$default')).toBe(logicalId(notFound));
    expect(actionsOf(notFound)).toEqual([]);
  });

  it('outputs the API URL', () => {
    template.hasOutput('ApiUrl', { Value: { 'Fn::GetAtt': [logicalId(api.api), 'ApiEndpoint'] } });
  });

  describe('permissions follow route.access.table', () => {
    for (const route of routeList) {
      const { operationId, access } = route;

      if (access.table === 'none') {
        it(`${operationId} (none) may not touch DynamoDB at all`, () => {
          const actions = actionsOf(functionOf(operationId));

          expect(actions.filter((action) => action.startsWith('dynamodb:'))).toEqual([]);
        });
      }

      if (access.table === 'read') {
        it(`${operationId} (read) may read but not write`, () => {
          const actions = actionsOf(functionOf(operationId));

          expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query']));
          expect(actions.filter((action) => WRITE_ACTIONS.includes(action))).toEqual([]);
        });
      }

      if (access.table === 'readwrite') {
        it(`${operationId} (readwrite) may read and write`, () => {
          const actions = actionsOf(functionOf(operationId));

          expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:Query', ...WRITE_ACTIONS]));
        });
      }
    }
  });
});
