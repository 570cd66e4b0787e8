import { eventsWhere } from '#test/support/customers/customer-events.ts';
import type { integrationDeps } from '#test/support/deps.ts';
import type { ApiResponse } from '#test/support/http/local-api.ts';
import { setupRequest } from '#test/support/http/setup-requests.ts';

type Request = <T = unknown>(
  method: string,
  path: string,
  options?: { key?: string; body?: unknown },
) => Promise<ApiResponse<T>>;

export type BankWallet = {
  id: string;
  address: string;
  currency: string;
  chain: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  instructions: string;
};

export type Bank = {
  id: string;
  customerId: string;
  beneficiaryName: string;
  currency: string;
  paymentRail: string;
  iban: string | null;
  bic: string | null;
  accountNumber: string | null;
  routingNumber: string | null;
  addressLine1: string | null;
  city: string | null;
  country: string | null;
  recipientType: string;
  status: string;
  rejectionReason: string | null;
  createdAt: string;
  wallets: BankWallet[];
};

export const KYC_ADDRESS = { addressLine1: 'Hauptstraße 5', city: 'München', country: 'DE', postalCode: '80331' };

export const eurBank = (overrides: Record<string, unknown> = {}) => ({
  beneficiaryName: 'Jane Doe',
  iban: 'DE89370400440532013000',
  bic: 'DEUTDEFF',
  ...overrides,
});

export const usdBank = (overrides: Record<string, unknown> = {}) => ({
  beneficiaryName: 'Jane Doe',
  currency: 'USD',
  accountNumber: '123456789',
  routingNumber: '021000021',
  ...overrides,
});

/** A customer created over the API and, unless told otherwise, KYC-approved in the sandbox with a known identity. */
export async function givenCustomer(
  request: Request,
  key: string,
  options: {
    accountType?: 'individual' | 'corporate';
    name?: string;
    verifiedName?: string;
    approved?: boolean;
    address?: typeof KYC_ADDRESS;
  } = {},
): Promise<string> {
  const accountType = options.accountType ?? 'individual';
  const created = await setupRequest(
    'POST /customers',
    () =>
      request<{ customerId: string }>('POST', '/customers', {
        key,
        body: {
          name: options.name ?? 'Jane Doe',
          accountType,
          email: 'jane@example.com',
          ...(accountType === 'corporate' && options.address ? { address: options.address } : {}),
        },
      }),
    201,
  );
  const { customerId } = created.body;
  if (options.approved !== false) {
    const body = {
      verifiedName: options.verifiedName ?? options.name ?? 'Jane Doe',
      ...(accountType === 'individual' ? { address: options.address ?? KYC_ADDRESS } : {}),
    };
    const path = `/sandbox/customers/${customerId}/kyc/approve`;
    await setupRequest(`POST ${path}`, () => request('POST', path, { key, body }), 200);
  }
  return customerId;
}

/** Test-only: the withdrawal bank event records of one bank (request code never scans). */
export async function eventsOfBank(deps: ReturnType<typeof integrationDeps>, bankId: string) {
  return (await eventsWhere(deps, 'withdrawal_bank_id', bankId)).sort((a, b) =>
    a.event_type.localeCompare(b.event_type),
  );
}
