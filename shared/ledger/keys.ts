import type { Key, KeySpace } from '#shared/db/table-keys.ts';

export const ledgerKeys = {
  customerBalance: (organizationId: string, customerId: string): Key => ({
    pk: `ORG#${organizationId}#CUSTOMER#${customerId}`,
    sk: 'BALANCE',
  }),
  allowance: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'ALLOWANCE' }),
} as const;

export const LEDGER_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}#CUSTOMER#{}', sk: 'BALANCE' },
  { pk: 'ORG#{}', sk: 'ALLOWANCE' },
];
