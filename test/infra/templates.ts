import { type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';

type Section = Record<string, unknown>;
type TemplateJson = {
  Resources?: Record<string, { Type: string; Properties?: Record<string, unknown> }>;
  Parameters?: Section;
  Outputs?: Section;
  Conditions?: Section;
  Mappings?: Section;
  [key: string]: unknown;
};

/** The logical id of a construct's resource in the template of the stack (parent or nested) that holds it. */
export const logicalIdOf = (construct: IConstruct) =>
  Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnElement);

/** The nested stacks whose parent is `stack` itself. */
export const nestedStacksOf = (stack: Stack): NestedStack[] =>
  stack.node
    .findAll()
    .filter((construct): construct is NestedStack => NestedStack.isNestedStack(construct))
    .filter((nested) => nested.nestedStackParent === stack);

/** `value` with every `{ Ref: name }` of a parameter in `values` replaced by that parameter's value. */
function substitute(value: unknown, values: Section): unknown {
  if (Array.isArray(value)) return value.map((item) => substitute(item, values));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  const [first] = entries;
  if (entries.length === 1 && first?.[0] === 'Ref' && typeof first[1] === 'string' && first[1] in values) {
    return values[first[1]];
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, substitute(item, values)]));
}

function mergeInto(target: Section, source: Section | undefined, section: string, where: string) {
  for (const [id, entry] of Object.entries(source ?? {})) {
    if (id in target) throw new Error(`${where}: ${section} ${id} is also in another template; merging would hide one`);
    target[id] = entry;
  }
}

/** The JSON of `stack`'s template with its nested stacks (recursively) merged in. */
function mergedJson(stack: Stack): TemplateJson {
  const own = Template.fromStack(stack).toJSON() as TemplateJson;
  const merged: TemplateJson = {
    ...own,
    Resources: { ...own.Resources },
    Parameters: { ...own.Parameters },
    Outputs: { ...own.Outputs },
    Conditions: { ...own.Conditions },
    Mappings: { ...own.Mappings },
  };
  for (const nested of nestedStacksOf(stack)) {
    const where = nested.node.path;
    if (!nested.nestedStackResource) throw new Error(`${where}: no AWS::CloudFormation::Stack resource in its parent`);
    const passed = (own.Resources?.[stack.getLogicalId(nested.nestedStackResource)]?.Properties?.Parameters ??
      {}) as Section;
    const child = mergedJson(nested);
    const unpassed = Object.keys(child.Parameters ?? {}).filter((name) => !(name in passed));
    const resolved = substitute({ ...child, Parameters: undefined }, passed) as TemplateJson;
    const leftover = Object.keys(passed).filter((name) => JSON.stringify(resolved).includes(`"${name}"`));
    // Only `{ Ref: parameter }` is replaced; any other use (Fn::Sub, say) would be left dangling, so fail instead.
    if (leftover.length > 0) throw new Error(`${where}: parameters used other than by Ref: ${leftover.join(', ')}`);
    mergeInto(merged.Resources as Section, resolved.Resources, 'resource', where);
    mergeInto(merged.Outputs as Section, resolved.Outputs, 'output', where);
    mergeInto(merged.Conditions as Section, resolved.Conditions, 'condition', where);
    mergeInto(merged.Mappings as Section, resolved.Mappings, 'mapping', where);
    mergeInto(
      merged.Parameters as Section,
      Object.fromEntries(unpassed.map((name) => [name, child.Parameters?.[name]])),
      'parameter',
      where,
    );
  }
  return merged;
}

/**
 * A stack's template as if it held its nested stacks' resources itself: theirs merged into its own, every nested
 * stack's parameters replaced by the values the parent passes in (so a function in a nested stack names the
 * parent's API, the stateful stack's table and the parent's SSM parameter exactly as it would in one template).
 * Logical ids are each stack's own; a clash between two stacks fails instead of hiding a resource. The nested
 * stacks' `AWS::CloudFormation::Stack` resources stay, as in the parent.
 */
export function templateWithNestedStacks(stack: Stack): Template {
  return Template.fromJSON(mergedJson(stack));
}
