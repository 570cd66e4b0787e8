import { described } from '#shared/routing/prose.ts';
import { EmailSchema } from '#shared/validation/email.ts';
import * as z from '#shared/validation/zod.ts';

/** The request shapes of the sandbox's stand-ins for approvers. */

export const SandboxApproveBody = z.strictObject({
  approver: described(EmailSchema),
});
export const SandboxRejectBody = z.strictObject({
  approver: z.optional(EmailSchema),
});
