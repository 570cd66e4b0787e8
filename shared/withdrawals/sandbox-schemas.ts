import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import * as z from '#shared/validation/zod.ts';

/** The request shapes of the sandbox's stand-ins for approvers. */

export const SandboxApproveBody = z
  .strictObject({
    approver: EmailSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: "The approver's e-mail; each approver signs once, compared case-insensitively",
        },
      ),
    ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && { id: 'SandboxApproveTransactionRequest', examples: [{ approver: 'treasurer@example.com' }] },
    ),
  );
export const SandboxRejectBody = z
  .strictObject({
    approver: z
      .optional(EmailSchema)
      .check(docMeta(OPENAPI_PROSE && { description: "The rejecting approver's e-mail, if any" })),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && { id: 'SandboxRejectTransactionRequest', examples: [{ approver: 'treasurer@example.com' }, {}] },
    ),
  );
