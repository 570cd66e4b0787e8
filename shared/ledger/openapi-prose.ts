import type { routes } from '#shared/ledger/routes.ts';
import { AllowanceSchema, BalanceSchema, SandboxAllowanceBody } from '#shared/ledger/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

const EXAMPLE_CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

export const BALANCE_EXAMPLE = {
  customerId: EXAMPLE_CUSTOMER_ID,
  currency: 'usdc',
  balance: '250.00',
  availableBalance: '150.00',
  lockedBalance: '100.00',
};

/** The ledger words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getCustomerBalance: {
      summary: "Get the customer's USDC balance (available and locked)",
      description:
        '`balance` = `availableBalance` + `lockedBalance`; locked is what withdrawals in progress hold. Decimal strings.',
    },
    getWithdrawalAllowance: {
      summary: "Get the organization's API withdrawal allowance",
      description:
        'API withdrawals within the allowance execute at once; beyond it they become proposals that need signatures. ' +
        '`enabled` is the `apiWithdrawals` feature.',
    },
    sandboxSetAllowance: {
      summary: 'Sandbox: set the withdrawal allowance and start a new period',
      description:
        'Starts a new period with nothing spent. A limit of `"0"` turns every API withdrawal into a proposal.',
    },
  },
  schemas: [
    schemaProse(BalanceSchema, { id: 'Balance', examples: [BALANCE_EXAMPLE] }),
    schemaProse(AllowanceSchema, {
      id: 'WithdrawalAllowance',
      examples: [
        {
          enabled: true,
          allowance: {
            limit: '10000.00',
            spent: '100.00',
            available: '9900.00',
            resetPeriodMinutes: 1440,
            nextResetAt: '2026-11-22T10:00:00.000Z',
          },
        },
      ],
    }),
    schemaProse(SandboxAllowanceBody, {
      id: 'SandboxAllowanceRequest',
      examples: [
        { limit: '5000.00', resetPeriodMinutes: 1440 },
        { limit: '0', resetPeriodMinutes: 0 },
      ],
      shape: {
        limit: {
          description:
            'USDC that API withdrawals may use per period without signatures: a decimal string; `"0"` makes every ' +
            'withdrawal a proposal',
        },
        resetPeriodMinutes: {
          description: 'Length of an allowance period in minutes (a JSON number); 0: one period, never reset',
        },
      },
    }),
  ],
};
