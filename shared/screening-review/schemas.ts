import { HoldStatusSchema, RescreenReportSchema, ScreeningHitSchema } from '#shared/screening/records.ts';
import * as z from '#shared/validation/zod.ts';

export const HoldIdParams = z.object({
  holdId: z.string().check(z.minLength(1), z.maxLength(200)),
});

export const HoldListQuery = z.object({ status: z._default(HoldStatusSchema, 'OPEN') });

/** A reviewer's decision: why (false positive, or why it is a true match); audited with it. */
export const HoldDecisionBody = z.strictObject({
  reason: z.string().check(z.trim(), z.minLength(1), z.maxLength(500)),
});

/** A hold as a reviewer sees it: what is held, what it hit, and the decision once made. */
export const HoldViewSchema = z.object({
  holdId: z.string(),
  kind: z.enum(['customer', 'bank', 'deposit']),
  customerId: z.string(),
  bankId: z.nullable(z.string()),
  screened: z.string(),
  hit: ScreeningHitSchema,
  status: HoldStatusSchema,
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export type HoldView = z.infer<typeof HoldViewSchema>;

/** What a re-screen against new list versions found for the organization: its new holds, in the queue. */
export const RescreenReportView = RescreenReportSchema;
