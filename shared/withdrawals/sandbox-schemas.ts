import { EmailSchema } from '#shared/validation/email.ts';
import * as z from '#shared/validation/zod.ts';

/** The request shapes of the sandbox's stand-ins for approvers. */

export const SandboxApproveBody = z
  .strictObject({
    approver: EmailSchema.check(
      z.meta({
        description: "The approver's e-mail; each approver signs once, compared case-insensitively",
      }),
    ),
  })
  .check(z.meta({ id: 'SandboxApproveTransactionRequest', examples: [{ approver: 'treasurer@example.com' }] }));
export const SandboxRejectBody = z
  .strictObject({
    approver: z.optional(EmailSchema).check(z.meta({ description: "The rejecting approver's e-mail, if any" })),
  })
  .check(z.meta({ id: 'SandboxRejectTransactionRequest', examples: [{ approver: 'treasurer@example.com' }, {}] }));
