import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { App, CfnWaitConditionHandle, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { appWithoutBundling, FULL_CONTEXT } from '#test/support/infra/app-without-bundling.ts';

/**
 * CloudFormation refuses a stack of more than 500 resources and a template of more than 1 MB (the limit for a
 * template read from S3, where the CDK puts every template, nested ones included). Each stack, parent or nested,
 * must stay well inside both, so that adding routes to an area, or an area, never meets them at deploy time.
 */

/** 500 is CloudFormation's hard limit; 400 leaves an area room for about ten more routes (nine resources each). */
const MAX_RESOURCES = 400;
/**
 * 75% of the 1 MB CloudFormation accepts for a template body in S3. AWS's quota does not say whether "1 MB" is
 * 1,000,000 or 1,048,576 bytes; the smaller reading is the safe one, so the limit is 750,000 bytes. The bytes are
 * those of the template file in the cloud assembly, which is what the CDK uploads.
 */
const MAX_TEMPLATE_BYTES = 750_000;

type StackTemplate = { stack: string; resources: number; bytes: number };

/** Every stack of an app, nested ones included, with its synthesized template's resource count and size. */
function stackTemplates(app: App): StackTemplate[] {
  const assembly = app.synth();
  return app.node
    .findAll()
    .filter((construct): construct is Stack => Stack.isStack(construct))
    .map((stack) => {
      const file = path.join(assembly.directory, stack.templateFile);
      const template = JSON.parse(readFileSync(file, 'utf8')) as { Resources?: Record<string, unknown> };
      return {
        stack: stack.node.path,
        resources: Object.keys(template.Resources ?? {}).length,
        bytes: statSync(file).size,
      };
    });
}

/** What is over a limit, one line per stack and limit; empty when nothing is. */
function limitProblems(templates: StackTemplate[]): string[] {
  return templates.flatMap(({ stack, resources, bytes }) => [
    ...(resources > MAX_RESOURCES ? [`${stack}: ${resources} resources (at most ${MAX_RESOURCES})`] : []),
    ...(bytes > MAX_TEMPLATE_BYTES ? [`${stack}: ${bytes} bytes of template (at most ${MAX_TEMPLATE_BYTES})`] : []),
  ]);
}

const deployments = {
  'the default deployment': appWithoutBundling(),
  'a fully configured deployment': appWithoutBundling(FULL_CONTEXT),
};

describe('every stack, parent or nested', () => {
  for (const [name, { app, api }] of Object.entries(deployments)) {
    const templates = stackTemplates(app);

    it(`holds at most ${MAX_RESOURCES} resources and ${MAX_TEMPLATE_BYTES} bytes of template, in ${name}`, () => {
      const checked = templates.map((template) => template.stack);

      expect(checked).toEqual(
        expect.arrayContaining([
          'PayoutsStateful',
          'PayoutsApi',
          'PayoutsEvents',
          ...[...api.areas.values()].map((area) => area.node.path),
        ]),
      );
      expect(limitProblems(templates)).toEqual([]);
    });
  }

  it('would be caught with 401 resources, or a template over the size (the check itself works)', () => {
    const app = new App({ builtinCloudFormationValidation: false });
    const crowded = new Stack(app, 'Crowded');
    for (let i = 0; i <= MAX_RESOURCES; i++) new CfnWaitConditionHandle(crowded, `Handle${i}`);
    const heavy = new Stack(app, 'Heavy');
    new CfnWaitConditionHandle(heavy, 'Handle').addMetadata('Padding', 'x'.repeat(MAX_TEMPLATE_BYTES));

    expect(limitProblems(stackTemplates(app))).toEqual([
      `Crowded: ${MAX_RESOURCES + 1} resources (at most ${MAX_RESOURCES})`,
      expect.stringMatching(/^Heavy: \d+ bytes of template/),
    ]);
  });
});
