import { RecipientTypeSchema } from '#shared/banks/records.ts';
import { AuthenticationResponseSchema } from '#shared/console/common/passkey-schemas.ts';
import { PayeeBindingSchema } from '#shared/console/common/records.ts';
import { PayeeCheckResultSchema } from '#shared/rails/payee-verification/port.ts';
import * as z from '#shared/validation/zod.ts';

/** The console's "Banks to confirm" requests and responses (Verification of Payee). */

export const BankIdParams = z.strictObject({
  bankId: z.uuid(),
});

export const PayeeConfirmationSchema = z.object({
  bankId: z.string(),
  customerId: z.string(),
  customerName: z.nullable(z.string()),
  beneficiaryName: z.string(),
  currency: z.string(),
  account: z.string(),
  recipientType: RecipientTypeSchema,
  result: PayeeCheckResultSchema,
  matchedName: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  checkedAt: z.string(),
  createdAt: z.string(),
});

export const StartPayeeDecisionBody = z.strictObject({
  decision: z.enum(['CONFIRM', 'REJECT']),
  reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
});

export const PayeeDecisionOptionsSchema = z.object({
  challengeId: z.string(),
  binding: PayeeBindingSchema,
  nonce: z.string(),
  options: z.record(z.string(), z.unknown()),
});

export const SignPayeeDecisionBody = z.strictObject({
  challengeId: z.uuid(),
  response: AuthenticationResponseSchema,
});
