import { AllowanceSchema, SandboxAllowanceBody } from '#shared/ledger/schemas.ts';
import { EnvironmentSchema } from '#shared/organizations/records.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/**
 * The organization's settings as the console shows and changes them (shared/console/README.md, "Views"): apart from
 * the customer page's schema, so the settings' functions carry neither the customers' nor the banks' schemas.
 */
export const FeaturesSchema = z.object({ customers: z.boolean(), apiWithdrawals: z.boolean() });

export const SettingsSchema = z
  .object({
    organizationId: z.string(),
    name: z.string(),
    environment: EnvironmentSchema,
    features: FeaturesSchema,
    requiredApprovals: z.number().check(
      z.int(),
      z.gte(1),
      docMeta(
        OPENAPI_PROSE && {
          description: 'Distinct members who must sign a withdrawal over the allowance or the balance',
        },
      ),
    ),
    withdrawalAllowance: AllowanceSchema.check(
      docMeta(
        OPENAPI_PROSE && {
          description: 'What API withdrawals may spend per period without signatures, and what is spent of it now',
        },
      ),
    ),
    fees: z.object({
      feeBps: z.number().check(z.int()),
      minFee: z.string(),
      fxSpreadBps: z
        .number()
        .check(
          z.int(),
          docMeta(OPENAPI_PROSE && { description: "Basis points taken off the ECB's EUR rate (live organizations)" }),
        ),
    }),
    payeeVerification: z
      .object({
        whenNotPossible: z.enum(['confirm', 'proceed']),
        /** `organization`: set for it with `org update --payee-when-not-possible`; `deployment`: the default. */
        source: z.enum(['organization', 'deployment']),
      })
      .check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "What a new bank whose payee's bank cannot answer the name check (NOT_POSSIBLE) does: `confirm` waits for a member in Banks to confirm, `proceed` goes on as a match",
          },
        ),
      ),
    updatedAt: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleSettings',
        examples: [
          {
            organizationId: '5f0c2b1e-8a47-4c59-9d3e-2a6b7c8d9e0f',
            name: 'Acme Payroll',
            environment: 'sandbox',
            features: { customers: true, apiWithdrawals: true },
            requiredApprovals: 2,
            withdrawalAllowance: {
              enabled: true,
              allowance: {
                limit: '5000.00',
                spent: '250.00',
                available: '4750.00',
                resetPeriodMinutes: 1440,
                nextResetAt: '2026-11-22T00:00:00.000Z',
              },
            },
            fees: { feeBps: 50, minFee: '1.00', fxSpreadBps: 0 },
            payeeVerification: { whenNotPossible: 'confirm', source: 'deployment' },
            updatedAt: '2026-11-21T09:00:00.000Z',
          },
        ],
      },
    ),
  );
export type Settings = z.infer<typeof SettingsSchema>;

export const MAX_REQUIRED_APPROVALS = 10;

export const ChangeSettingsBody = z
  .strictObject({
    requiredApprovals: z
      .optional(
        z
          .number({ error: 'Must be a whole number from 1 to 10' })
          .check(
            z.int({ error: 'Must be a whole number from 1 to 10' }),
            z.gte(1, { error: 'Must be a whole number from 1 to 10' }),
            z.lte(MAX_REQUIRED_APPROVALS, { error: 'Must be a whole number from 1 to 10' }),
          ),
      )
      .check(
        docMeta(
          OPENAPI_PROSE && {
            description: 'Signatures a withdrawal over the allowance or the balance needs (1-10); applies to new ones',
          },
        ),
      ),
    allowance: z.optional(z.strictObject({ ...SandboxAllowanceBody.shape })).check(
      docMeta(
        OPENAPI_PROSE && {
          description:
            'The API withdrawal allowance: what is spent in the current period stays spent (a new limit below it ' +
            'leaves nothing available until the next reset)',
        },
      ),
    ),
    features: z
      .optional(
        z.strictObject({
          apiWithdrawals: z.boolean({ error: 'Must be true or false' }).check(
            docMeta(
              OPENAPI_PROSE && {
                description:
                  "false stops withdrawals by API key at once (a kill switch); turning it on again is the operator's",
              },
            ),
          ),
        }),
      )
      .check(
        docMeta(
          OPENAPI_PROSE && { description: 'The features an owner may switch: only `apiWithdrawals`, and only off' },
        ),
      ),
  })
  .check(
    z.refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'Nothing to change' }),
    docMeta(
      OPENAPI_PROSE && {
        id: 'ConsoleSettingsChange',
        examples: [{ requiredApprovals: 2 }, { allowance: { limit: '5000.00', resetPeriodMinutes: 1440 } }],
      },
    ),
  );
export type ChangeSettingsInput = z.infer<typeof ChangeSettingsBody>;
