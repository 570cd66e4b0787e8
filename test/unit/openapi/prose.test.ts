import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '#shared/openapi/document.ts';
import { describeAll, OPERATION_PROSE } from '#shared/openapi/prose.ts';
import { routeList, routes } from '#shared/routes.ts';
import { schemaProse } from '#shared/routing/prose.ts';
import * as z from '#shared/validation/zod.ts';

describe("the folders' OpenAPI prose", () => {
  it('has a summary for every operation of the route table, and words for no other', () => {
    const names = routeList.map((route) => route.operationId).sort();
    const unsummarized = names.filter((name) => !OPERATION_PROSE[name]?.summary.trim());

    expect(Object.keys(OPERATION_PROSE).sort()).toEqual(names);
    expect(unsummarized).toEqual([]);
  });

  it('puts the words of a schema and of its parts where z.meta would, by the names of its definition', () => {
    const Amount = z.string().check(z.minLength(1));
    const Body = z.strictObject({ amount: Amount, note: z.optional(z.array(z.string())) });

    describeAll([
      schemaProse(Body, {
        id: 'UnitBody',
        examples: [{ amount: '1.00' }],
        shape: {
          amount: { description: 'How much' },
          note: { innerType: { element: { description: 'One line' } } },
        },
      }),
    ]);

    expect(z.globalRegistry.get(Body)).toEqual({ id: 'UnitBody', examples: [{ amount: '1.00' }] });
    expect(z.globalRegistry.get(Amount)).toEqual({ description: 'How much' });
    expect(z.globalRegistry.get(Body.shape.note.def.innerType.def.element)).toEqual({ description: 'One line' });
    expect(z.globalRegistry.get(Body.shape.note)).toBeUndefined();
  });

  it('refuses words for one schema object at two places: the second words would show at both', () => {
    const Shared = z.string();
    const First = z.strictObject({ a: Shared });
    const Second = z.strictObject({ b: Shared });

    expect(() =>
      describeAll([
        schemaProse(First, { shape: { a: { description: 'First' } } }),
        schemaProse(Second, { shape: { b: { description: 'Second' } } }),
      ]),
    ).toThrow('Described twice (give one use a schema of its own, described()): {"description":"Second"}');
  });

  it('refuses words for a part the schema does not have', () => {
    const Body = z.strictObject({ a: z.string() });

    expect(() => describeAll([[Body, { shape: { b: { description: 'Gone' } } } as never]])).toThrow(
      'OpenAPI prose for a part the schema does not have: {"description":"Gone"}',
    );
  });

  it('names a component after the id in its words, whatever made the schema', () => {
    const Unit = z.object({ unit: z.string() });
    describeAll([schemaProse(Unit, { id: 'UnitNamed', description: 'A unit' })]);

    const document = buildOpenApiDocument([{ ...routes.getCustomer, responses: { 200: Unit } }]);
    const answer = document.paths?.['/api/v2/customers/{customerId}']?.get?.responses?.[200] as {
      content: Record<string, { schema: unknown }>;
    };

    expect(answer.content['application/json']?.schema).toEqual({ $ref: '#/components/schemas/UnitNamed' });
    expect(document.components?.schemas?.UnitNamed).toEqual({
      type: 'object',
      properties: { unit: { type: 'string' } },
      required: ['unit'],
      description: 'A unit',
    });
  });
});
