import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { App, type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import type { PayoutsFunction } from '#infra/aws/function.ts';
import { REPO_ROOT } from '#infra/repo-root.ts';
import { actionsOfCommand } from '#shared/db/access.ts';
import { TABLE } from '#shared/db/table.ts';
import { routeList } from '#shared/routes.ts';
import { logicalIdOf, templateWithNestedStacks } from '#test/infra/templates.ts';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

/**
 * Least privilege, checked two ways: generically over every identity policy of every stack (so functions other
 * areas add are covered the day they merge), and exactly per route from the route table's `access`.
 */

/** The only actions AWS offers no resource-level permission for, among those this service may need. */
const ACTIONS_THAT_REQUIRE_STAR = new Set([
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
  'xray:GetSamplingRules',
  'xray:GetSamplingTargets',
  'cloudwatch:PutMetricData',
  // The table stream event source lists streams before reading the one it is given.
  'dynamodb:ListStreams',
]);

type Statement = { Effect: string; Action?: string | string[]; Resource?: unknown; Condition?: unknown };
const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Every statement of every identity policy in a template: policies, managed policies and roles' inline ones. */
function identityStatements(template: Template): { where: string; statement: Statement }[] {
  const found: { where: string; statement: Statement }[] = [];
  const add = (where: string, document: { Statement: Statement[] } | undefined) => {
    for (const statement of document?.Statement ?? []) found.push({ where, statement });
  };
  for (const type of ['AWS::IAM::Policy', 'AWS::IAM::ManagedPolicy']) {
    for (const [id, resource] of Object.entries(template.findResources(type)))
      add(id, resource.Properties.PolicyDocument);
  }
  for (const [id, role] of Object.entries(template.findResources('AWS::IAM::Role'))) {
    for (const policy of role.Properties.Policies ?? []) add(`${id}/${policy.PolicyName}`, policy.PolicyDocument);
  }
  return found;
}

/** What is wrong with a template's permissions, one line per finding; empty when nothing is. */
function policyProblems(template: Template): string[] {
  const problems: string[] = [];
  for (const { where, statement } of identityStatements(template)) {
    if (statement.Effect !== 'Allow') continue;
    const actions = asList(statement.Action);
    for (const action of actions) {
      if (action === '*' || action.endsWith(':*')) problems.push(`${where}: wildcard action ${action}`);
      // The one pass over the whole table is the background re-screen against a new sanctions list version.
      if (action === 'dynamodb:Scan' && !where.startsWith('SanctionsLists')) {
        problems.push(`${where}: dynamodb:Scan (request paths never scan)`);
      }
    }
    const anyResource = asList(statement.Resource).includes('*');
    const needsStar = actions.length > 0 && actions.every((action) => ACTIONS_THAT_REQUIRE_STAR.has(action));
    if (anyResource && !needsStar) problems.push(`${where}: Resource "*" for ${actions.join(', ')}`);
  }
  for (const [id, role] of Object.entries(template.findResources('AWS::IAM::Role'))) {
    for (const arn of asList(role.Properties.ManagedPolicyArns)) {
      const text = JSON.stringify(arn);
      if (/FullAccess|AdministratorAccess|PowerUserAccess/.test(text)) problems.push(`${id}: managed policy ${text}`);
    }
  }
  return problems;
}

const stacksOf = (app: App) => app.node.findAll().filter((construct): construct is Stack => Stack.isStack(construct));

const deployments = {
  'the default deployment': appWithoutBundling(),
  'a fully configured deployment (tracing on)': appWithoutBundling(FULL_CONTEXT),
};

describe('every identity policy of every stack', () => {
  for (const [name, { app, api }] of Object.entries(deployments)) {
    it(`has no wildcard action, no Scan and no "*" resource AWS does not require, in ${name}`, () => {
      const stacks = stacksOf(app);

      expect(stacks.map((stack) => stack.node.id)).toEqual(expect.arrayContaining(['PayoutsStateful', 'PayoutsApi']));
      // Nested stacks (the API's areas) are stacks of their own here: each template is checked.
      expect(stacks).toEqual(expect.arrayContaining([...api.areas.values()]));
      for (const stack of stacks) expect(policyProblems(Template.fromStack(stack)), stack.node.id).toEqual([]);
    });
  }

  it('would be caught granting Scan, sqs:* or "*" (the check itself works)', () => {
    const stack = new Stack(new App({ builtinCloudFormationValidation: false }), 'Loose');
    const role = new Role(stack, 'Loose', { assumedBy: new ServicePrincipal('lambda.amazonaws.com') });
    const table = new Table(stack, 'T', { partitionKey: { name: 'pk', type: AttributeType.STRING } });
    table.grantReadData(role);
    new Queue(stack, 'Q').grant(role, 'sqs:*');
    role.addToPrincipalPolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: ['*'] }));

    const problems = policyProblems(Template.fromStack(stack));

    expect(problems).toEqual([
      expect.stringContaining('dynamodb:Scan'),
      expect.stringContaining('wildcard action sqs:*'),
      expect.stringContaining('Resource "*" for s3:GetObject'),
    ]);
  });
});

describe('each route function', () => {
  const { api, stateful } = deployments['the default deployment'];
  /** The API stack and its nested (per-area) stacks as one template; see test/infra/templates.ts. */
  const template = templateWithNestedStacks(api);
  const tableId = stateful.getLogicalId(stateful.table.node.defaultChild as CfnElement);

  /** A statement's resource in words: `table`, `table/index/gsi1`, `logs:<id>`; anything else verbatim. */
  function describeResource(resource: unknown): string {
    const text = JSON.stringify(resource);
    const tableArn = text.includes(`${tableId}Arn`);
    const index = /"\/index\/([^"]+)"/.exec(text)?.[1];
    if (tableArn && index) return `table/index/${index}`;
    if (tableArn) return 'table';
    const getAtt = (resource as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
    if (getAtt?.[1] === 'Arn') return `arn:${getAtt[0]}`;
    return text;
  }

  function grantsOf(fn: PayoutsFunction) {
    if (!fn.role) throw new Error('function has no role');
    const roleId = logicalIdOf(fn.role);
    const policies = Object.values(template.findResources('AWS::IAM::Policy')).filter((policy) =>
      policy.Properties.Roles.some((role: { Ref: string }) => role.Ref === roleId),
    );
    return policies
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[])
      .flatMap((statement) =>
        asList(statement.Resource).map((resource) => ({
          effect: statement.Effect,
          actions: asList(statement.Action).sort(),
          resource: describeResource(resource),
          ...(statement.Condition ? { condition: statement.Condition } : {}),
        })),
      );
  }

  const READ = ['dynamodb:BatchGetItem', 'dynamodb:ConditionCheckItem', 'dynamodb:GetItem', 'dynamodb:Query'];
  const WRITE = ['dynamodb:DeleteItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];
  const RATE_LIMIT_GRANT = {
    effect: 'Allow',
    actions: ['dynamodb:UpdateItem'],
    resource: 'table',
    condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATELIMIT#*'] } },
  };
  const KEY_USE_GRANT = {
    effect: 'Allow',
    actions: ['dynamodb:UpdateItem'],
    resource: 'table',
    condition: {
      'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['APIKEY#*'] },
      'ForAllValues:StringEquals': { 'dynamodb:Attributes': ['pk', 'sk', 'lastUsedAt'] },
    },
  };
  const SESSION_GRANT = {
    effect: 'Allow',
    actions: ['dynamodb:DeleteItem', 'dynamodb:UpdateItem'],
    resource: 'table',
    condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SESSION#*'] } },
  };

  for (const route of routeList) {
    const { operationId, access } = route;
    it(`${operationId} may do exactly what its access (${JSON.stringify(access)}) says`, () => {
      const fn = api.functions.get(operationId);
      if (!fn) throw new Error(`no function for ${operationId}`);
      const logGroupId = logicalIdOf(fn.logGroup);
      const expected = [
        { effect: 'Allow', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resource: `arn:${logGroupId}` },
      ];
      if (access.table !== 'none') {
        const actions = access.table === 'readwrite' ? [...READ, ...WRITE].sort() : READ;
        expected.push({ effect: 'Allow', actions, resource: 'table' });
        // A read-only function may still count requests against the rate limits: on those items alone.
        if (access.table === 'read') expected.push(RATE_LIMIT_GRANT);
        // And record the use of the API key that authenticated: that attribute of the key items alone.
        if (access.table === 'read') expected.push(KEY_USE_GRANT);
        // One that takes console sessions moves their idle deadline on: on the session items alone.
        if (access.table === 'read' && access.sessions) expected.push(SESSION_GRANT);
        for (const index of access.indexes ?? []) {
          expected.push({ effect: 'Allow', actions: ['dynamodb:Query'], resource: `table/index/${index}` });
        }
      }
      if (access.mail) {
        // Only through the sender domain's SES identity (and, by condition, only from the sender's address).
        const sendMail = {
          effect: 'Allow',
          actions: ['ses:SendEmail'],
          resource: expect.stringMatching(/:ses:.*:identity\/payouts\.dev"/) as unknown as string,
          condition: { StringEquals: { 'ses:FromAddress': 'console@payouts.dev' } },
        };
        expected.push(sendMail);
      }

      if (access.chainRpc) {
        // Exactly the chain watchers' RPC URL parameters, one statement each.
        for (const chain of ['base', 'ethereum', 'polygon', 'arbitrum']) {
          expected.push({
            effect: 'Allow',
            actions: ['ssm:GetParameter'],
            resource: expect.stringContaining(`:parameter/payouts/dev/rpc-url/${chain}"`) as unknown as string,
          });
        }
      }

      if (access.kycProvider) {
        // The KYC providers' one secret of the stage, by name and Secrets Manager's six-character suffix.
        expected.push({
          effect: 'Allow',
          actions: ['secretsmanager:GetSecretValue'],
          resource: expect.stringContaining(':secret:payouts-dev/kyc-providers-??????"') as unknown as string,
        });
      }

      const grants = grantsOf(fn);
      const s3 = grants.filter((grant) => grant.actions.some((action) => action.startsWith('s3:')));
      expect(grants.filter((grant) => !s3.includes(grant))).toEqual(expected);
      // S3: only the routes that declare a bucket, and only by prefix: the bank channel (bank-channel-access.test.ts),
      // or PutObject alone under the KYC documents' prefix (the upload).
      const sanctions = s3.filter((grant) => /-sanctions-/.test(String(grant.resource)));
      // The lists are read by listing and getting `lists/` of the sanctions bucket alone.
      expect(sanctions.length > 0).toBe(access.sanctionsLists === true);
      for (const grant of sanctions) {
        expect(grant.actions.every((action) => action === 's3:ListBucket' || action === 's3:GetObject')).toBe(true);
      }
      s3.splice(0, s3.length, ...s3.filter((grant) => !sanctions.includes(grant)));
      expect(s3.length > 0).toBe(access.bankChannel !== undefined || access.documents !== undefined);
      if (access.documents) {
        // The upload puts documents; the reviewers' document links are signed with the right to get them.
        expect(s3).toEqual([
          {
            effect: 'Allow',
            actions: [access.documents === 'upload' ? 's3:PutObject' : 's3:GetObject'],
            resource: expect.stringMatching(/:s3:::payouts-dev-kyc-.*\/kyc-documents\/\*"/) as unknown as string,
          },
        ]);
      } else {
        for (const grant of s3) expect(grant.resource).toMatch(/-bank-/);
      }
    });
  }

  it('of the not-found route may write its own logs and nothing else', () => {
    const logGroupId = logicalIdOf(api.notFound.logGroup);

    expect(grantsOf(api.notFound)).toEqual([
      { effect: 'Allow', actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resource: `arn:${logGroupId}` },
    ]);
  });
});

describe('the route table', () => {
  it('lets every authenticated route read: authentication reads the key and its organization', () => {
    const blind = routeList.filter((route) => route.auth && route.access.table === 'none');

    expect(blind.map((route) => route.operationId)).toEqual([]);
  });

  it('names only indexes that exist, on routes that may read', () => {
    for (const route of routeList) {
      for (const index of route.access.indexes ?? []) {
        expect(Object.keys(TABLE.indexes), route.operationId).toContain(index);
        expect(route.access.table, route.operationId).not.toBe('none');
      }
    }
  });
});

describe('the DynamoDB commands the code sends', () => {
  // The local runtime refuses, per request, what a route did not declare (infra/local/access-check.ts); this
  // checks, over all code, that every command is one some access level can grant at all.
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
    });
  }

  /** Command classes imported from the DynamoDB packages, by the file that imports them. */
  function importedCommands(): Map<string, string[]> {
    const commands = new Map<string, string[]>();
    const importFrom = /import\s*\{([^}]*)\}\s*from\s*'@aws-sdk\/(?:lib|client)-dynamodb'/g;
    for (const file of ['shared', 'functions'].flatMap((dir) => sourceFiles(path.join(REPO_ROOT, dir)))) {
      for (const [, names = ''] of readFileSync(file, 'utf8').matchAll(importFrom)) {
        for (const name of names.split(',').map((part) =>
          part
            .replace(/^\s*type\s+/, '')
            .split(' as ')[0]
            ?.trim(),
        )) {
          if (name?.endsWith('Command')) commands.set(name, [...(commands.get(name) ?? []), file]);
        }
      }
    }
    return commands;
  }

  it('are all authorized by what readwrite and the indexes grant, and only the re-screen scans', () => {
    const granted = new Set([
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:ConditionCheckItem',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
    ]);
    const commands = importedCommands();

    expect([...commands.keys()]).toEqual(
      expect.arrayContaining(['GetCommand', 'QueryCommand', 'TransactWriteCommand']),
    );
    for (const [command, files] of commands) {
      const actions = actionsOfCommand(command);
      const where = `${command} in ${files.map((file) => path.relative(REPO_ROOT, file)).join(', ')}`;

      expect(actions, `${where}: no IAM mapping known; add it to shared/db/access.ts`).toBeDefined();
      // Scan: the background re-screen's pass over the table (shared/db/background-scan.ts `scanPage`), granted to its function alone.
      if (command === 'ScanCommand') {
        expect(files.map((file) => path.relative(REPO_ROOT, file))).toEqual(['shared/db/background-scan.ts']);
        continue;
      }
      for (const action of actions ?? []) expect(granted.has(action), `${where} needs ${action}`).toBe(true);
    }
  });
});
