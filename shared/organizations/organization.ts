import * as z from 'zod';
import { EurReceivingAccountRecordSchema } from '#shared/config/receiving-banks.ts';

export const EnvironmentSchema = z.enum(['sandbox', 'live']);
export type Environment = z.infer<typeof EnvironmentSchema>;

/** An organization as stored; parsed on every read so a malformed item fails loudly, not deep in a use case. */
export const OrganizationSchema = z.object({
  organizationId: z.string(),
  name: z.string(),
  environment: EnvironmentSchema,
  features: z.object({ customers: z.boolean(), apiWithdrawals: z.boolean() }),
  requiredApprovals: z.number().int().min(1),
  allowance: z.object({ limit: z.string(), resetPeriodMinutes: z.number().int().min(0) }),
  fees: z.object({ feeBps: z.number().int().min(0), minFee: z.string() }),
  /** Deposit details: the organization's own EUR receiving account; absent or null, the platform's. */
  receivingBanks: z.object({ EUR: EurReceivingAccountRecordSchema.nullable() }).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export type NewOrganizationInput = {
  name: string;
  environment?: Environment;
  customers?: boolean;
  apiWithdrawals?: boolean;
  requiredApprovals?: number;
};

export const ORGANIZATION_DEFAULTS = {
  environment: 'sandbox' as Environment,
  requiredApprovals: 1,
  allowance: { limit: '10000.00', resetPeriodMinutes: 1440 },
  fees: { feeBps: 50, minFee: '1.00' },
};

export function newOrganization(input: NewOrganizationInput, organizationId: string, now: Date): Organization {
  const at = now.toISOString();
  return {
    organizationId,
    name: input.name,
    environment: input.environment ?? ORGANIZATION_DEFAULTS.environment,
    features: { customers: input.customers ?? true, apiWithdrawals: input.apiWithdrawals ?? true },
    requiredApprovals: input.requiredApprovals ?? ORGANIZATION_DEFAULTS.requiredApprovals,
    allowance: { ...ORGANIZATION_DEFAULTS.allowance },
    fees: { ...ORGANIZATION_DEFAULTS.fees },
    createdAt: at,
    updatedAt: at,
  };
}
