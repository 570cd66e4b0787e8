import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of the sandbox's stand-ins for the bank and the payout's start. */

export const SandboxFailBody = z
  .strictObject({
    reason: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500)))
      .check(docMeta(OPENAPI_PROSE && { description: 'Shown as `failureReason`; default `Payout failed`' })),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'SandboxFailTransactionRequest',
        examples: [{ reason: 'Beneficiary account closed' }, {}],
      },
    ),
  );

export const SandboxReturnBody = z
  .strictObject({
    reasonCode: z.string().check(
      z.trim(),
      z.minLength(1),
      z.maxLength(35),
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The return reason the bank gives: an ISO 20022 external return reason code (`AC04` account closed, ' +
            '`AC06` blocked, `MD07` deceased, ...), for an ACH payout also a NACHA return code (`R01` to `R85`). ' +
            "A code the payout's rail does not have is refused with a 400 listing the valid ones.",
        },
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'SandboxReturnTransactionRequest', examples: [{ reasonCode: 'AC04' }] }));

export const SandboxFaultsBody = z
  .strictObject({
    failNextExecutions: z.number({ error: 'Must be a whole number' }).check(
      z.int(),
      z.gte(0),
      z.lte(1000),
      docMeta(
        OPENAPI_PROSE && {
          description: 'How many of the next payout executions fail at start (back to PROPOSED); 0 disarms',
        },
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'SandboxFaultsRequest', examples: [{ failNextExecutions: 1 }] }));
export const SandboxFaultsSchema = z
  .object({ failNextExecutions: z.number().check(z.int()) })
  .check(docMeta(OPENAPI_PROSE && { id: 'SandboxFaults', examples: [{ failNextExecutions: 1 }] }));
