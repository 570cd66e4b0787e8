import type { KycProviderName } from '#shared/organizations/kyc-providers.ts';
import type { Environment, Organization } from '#shared/organizations/records.ts';

export type NewOrganizationInput = {
  name: string;
  environment?: Environment;
  customers?: boolean;
  apiWithdrawals?: boolean;
  requiredApprovals?: number;
  kycProvider?: KycProviderName;
};

export const ORGANIZATION_DEFAULTS = {
  environment: 'sandbox' as Environment,
  requiredApprovals: 1,
  allowance: { limit: '10000.00', resetPeriodMinutes: 1440 },
  fees: { feeBps: 50, minFee: '1.00', fxSpreadBps: 0 },
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
    ...(input.kycProvider ? { kycProvider: input.kycProvider } : {}),
    createdAt: at,
    updatedAt: at,
  };
}
