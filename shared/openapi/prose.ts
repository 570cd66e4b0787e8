import { openApiProse as banksProse } from '#shared/banks/openapi-prose.ts';
import { openApiProse as consoleProse } from '#shared/console/openapi-prose.ts';
import { openApiProse as custodyProse } from '#shared/custody/openapi-prose.ts';
import { openApiProse as customersProse } from '#shared/customers/openapi-prose.ts';
import { openApiProse as depositsProse } from '#shared/deposits/openapi-prose.ts';
import { openApiProse as developerFeesProse } from '#shared/developer-fees/openapi-prose.ts';
import { openApiProse as docsProse } from '#shared/docs/openapi-prose.ts';
import { openApiProse as healthProse } from '#shared/health/openapi-prose.ts';
import { openApiProse as kycProse } from '#shared/kyc/openapi-prose.ts';
import { openApiProse as ledgerProse } from '#shared/ledger/openapi-prose.ts';
import { openApiProse as payoutOperationsProse } from '#shared/payout-operations/openapi-prose.ts';
import { openApiProse as payoutsProse } from '#shared/payouts/openapi-prose.ts';
import { openApiProse as quotesProse } from '#shared/quotes/openapi-prose.ts';
import { openApiProse as reviewsProse } from '#shared/reviews/openapi-prose.ts';
import { openApiProse as routingProse } from '#shared/routing/openapi-prose.ts';
import type { DescribedSchema, OperationProse, SchemaMeta } from '#shared/routing/prose.ts';
import type { RouteDefinition } from '#shared/routing/route.ts';
import { openApiProse as screeningReviewProse } from '#shared/screening-review/openapi-prose.ts';
import { openApiProse as transactionsProse } from '#shared/transactions/openapi-prose.ts';
import { openApiProse as treasuryProse } from '#shared/treasury/openapi-prose.ts';
import * as z from '#shared/validation/zod.ts';
import { openApiProse as walletsProse } from '#shared/wallets/openapi-prose.ts';
import { openApiProse as webhooksProse } from '#shared/webhooks/openapi-prose.ts';
import { openApiProse as withdrawalsProse } from '#shared/withdrawals/openapi-prose.ts';

/**
 * The document's words, read from each folder's `openapi-prose.ts`: only this folder imports those files, so the
 * functions' bundles, which reach the route rows and the schemas, never carry them.
 */
const FOLDERS = [
  routingProse,
  healthProse,
  customersProse,
  docsProse,
  banksProse,
  webhooksProse,
  kycProse,
  withdrawalsProse,
  transactionsProse,
  ledgerProse,
  quotesProse,
  payoutsProse,
  walletsProse,
  depositsProse,
  developerFeesProse,
  custodyProse,
  consoleProse,
  reviewsProse,
  screeningReviewProse,
  treasuryProse,
  payoutOperationsProse,
];

/** Every folder's words for its operations, by operationId. */
export const OPERATION_PROSE: Readonly<Record<string, OperationProse>> = Object.assign(
  {},
  ...FOLDERS.map((folder) => folder.operations),
);

/** What the document says of a route: its folder's `openapi-prose.ts`, by operationId. */
export function operationProse(route: RouteDefinition): OperationProse {
  const prose = OPERATION_PROSE[route.operationId];
  if (!prose) throw new Error(`${route.operationId}: no words in its folder's openapi-prose.ts`);
  return prose;
}

/** Prose as the document walks it: a schema's metadata and its parts', by the names of its definition. */
type Prose = SchemaMeta & {
  shape?: Record<string, Prose>;
  innerType?: Prose;
  element?: Prose;
  in?: Prose;
  out?: Prose;
};

/**
 * Adds a schema's metadata to zod's registry as `z.meta` would, after its parts' (the order zod builds them in). A
 * schema described twice is two uses of one schema object: the second's words would show at both.
 */
function describe(schema: z.ZodMiniType, prose: Prose, described: Set<z.ZodMiniType>): void {
  const { shape, innerType, element, in: input, out, ...meta } = prose;
  const def = schema._zod.def as unknown as Record<string, unknown> & { shape?: Record<string, unknown> };
  const parts: [unknown, Prose | undefined][] = [
    ...Object.entries(shape ?? {}).map(([key, part]): [unknown, Prose] => [def.shape?.[key], part]),
    [def.innerType, innerType],
    [def.element, element],
    [def.in, input],
    [def.out, out],
  ];
  for (const [part, partProse] of parts) {
    if (!partProse) continue;
    if (!part) throw new Error(`OpenAPI prose for a part the schema does not have: ${JSON.stringify(partProse)}`);
    describe(part as z.ZodMiniType, partProse, described);
  }
  if (!Object.keys(meta).length) return;
  if (described.has(schema)) {
    throw new Error(`Described twice (give one use a schema of its own, described()): ${JSON.stringify(meta)}`);
  }
  described.add(schema);
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), ...meta });
}

/** Puts these schemas' words in zod's registry, where the generator and `schemaExamples` read them. */
export function describeAll(schemas: readonly DescribedSchema[]): void {
  const described = new Set<z.ZodMiniType>();
  for (const [schema, prose] of schemas) describe(schema, prose as Prose, described);
}

let done = false;

/**
 * Every folder's schema words, in zod's registry: once, before the first document (the registry is the process's
 * own, so a second call has nothing to add).
 */
export function describeSchemas(): void {
  if (done) return;
  done = true;
  describeAll(FOLDERS.flatMap((folder) => folder.schemas));
}
