import { AllowanceSchema, SandboxAllowanceBody } from '#shared/ledger/schemas.ts';
import { EnvironmentSchema } from '#shared/organizations/records.ts';
import { described } from '#shared/routing/prose.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's settings as the console shows and changes them (shared/console/README.md, "Views"): apart from
 * the customer page's schema, so the settings' functions carry neither the customers' nor the banks' schemas.
 */
export const FeaturesSchema = z.object({ customers: z.boolean(), apiWithdrawals: z.boolean() });

export const SettingsSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  environment: EnvironmentSchema,
  features: FeaturesSchema,
  requiredApprovals: z.number().check(z.int(), z.gte(1)),
  withdrawalAllowance: described(AllowanceSchema),
  fees: z.object({
    feeBps: z.number().check(z.int()),
    minFee: z.string(),
    fxSpreadBps: z.number().check(z.int()),
  }),
  payeeVerification: z.object({
    whenNotPossible: z.enum(['confirm', 'proceed']),
    /** `organization`: set for it with `org update --payee-when-not-possible`; `deployment`: the default. */
    source: z.enum(['organization', 'deployment']),
  }),
  updatedAt: z.string(),
});
export type Settings = z.infer<typeof SettingsSchema>;

export const MAX_REQUIRED_APPROVALS = 10;

export const ChangeSettingsBody = z
  .strictObject({
    requiredApprovals: z.optional(
      z
        .number({ error: 'Must be a whole number from 1 to 10' })
        .check(
          z.int({ error: 'Must be a whole number from 1 to 10' }),
          z.gte(1, { error: 'Must be a whole number from 1 to 10' }),
          z.lte(MAX_REQUIRED_APPROVALS, { error: 'Must be a whole number from 1 to 10' }),
        ),
    ),
    allowance: z.optional(z.strictObject({ ...SandboxAllowanceBody.shape })),
    features: z.optional(
      z.strictObject({
        apiWithdrawals: z.boolean({ error: 'Must be true or false' }),
      }),
    ),
  })
  .check(z.refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to change' }));
export type ChangeSettingsInput = z.infer<typeof ChangeSettingsBody>;
