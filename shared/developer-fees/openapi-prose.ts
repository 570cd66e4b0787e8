import type { routes } from '#shared/developer-fees/routes.ts';
import {
  BalancesSchema,
  CLAIMED,
  ClaimDeveloperFeesBody,
  CustomerDeveloperFeesSchema,
  DeveloperFeeClaimSchema,
  NOTHING_TO_CLAIM,
  OrganizationDeveloperFeesSchema,
  UpdateCustomerDeveloperFeesBody,
} from '#shared/developer-fees/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

const CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

const CLAIM_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

/** The developer-fees words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getCustomerDeveloperFees: {
      summary: "Get a customer's developer fee rate",
      description: '0 until set with `PATCH`; `updatedAt` is then the customer’s creation time.',
    },
    updateCustomerDeveloperFees: {
      summary: "Set a customer's developer fee rate",
      description:
        'Your own fee on the customer’s transactions made from now on, in basis points (0-2500). A withdrawal pays ' +
        'it from its source amount: `targetAmount = roundDown((sourceAmount - fee - developerFee.amount) * ' +
        'exchangeRate, 2)`, with `developerFee.amount = roundDown((sourceAmount - fee) * bps / 10000, 6)`; it accrues ' +
        'to your developer fees when the payout completes (a failed one earns nothing). A deposit keeps it from the ' +
        'credited amount: the customer gets `targetAmount - developerFee.amount`, you get the rest at once. ' +
        'Each transaction keeps the rate it was made with. `GET /rates?customer_id=` quotes with it.',
    },
    getDeveloperFees: { summary: 'Get your accrued developer fees' },
    claimDeveloperFees: {
      summary: 'Claim your developer fees to your organization balance',
      description:
        'Moves the accrued fees (all of them, or `amount`) to your custodial USDC balance (`GET /balances`) at once, ' +
        'and sends `developer_fees.claimed` with the claim’s `transactionId`. Nothing accrued: 400 ' +
        `\`${NOTHING_TO_CLAIM.message}\`; more than accrued: 400. Of two claims at the same moment, the second gets what ` +
        'the first left.',
      examples: { request: {} },
    },
    getBalances: {
      summary: "Get your organization's own balances",
      description:
        'Custodial: the USDC the service holds for your organization, which is the developer fees you claimed ' +
        `(\`${CLAIMED}\`). Your customers' balances are theirs, not in this figure. Non-custodial: your ` +
        "organization's treasury (the address its deposit addresses are swept to; Base's when there is one) and " +
        'the USDC it holds on each chain, read on chain; `address` is null and `balances` empty without a treasury.',
    },
  },
  schemas: [
    schemaProse(UpdateCustomerDeveloperFeesBody, {
      id: 'UpdateCustomerDeveloperFeesRequest',
      examples: [{ developerSpreadFeeBps: 50 }],
      shape: {
        developerSpreadFeeBps: {
          description:
            "Your fee on this customer's withdrawals and deposits, in basis points (100 = 1 %, at most 2500): taken " +
            'from what remains after the service fee, rounded down to the micro-USDC, and accrued to your developer ' +
            'fees when the transaction completes. 0 turns it off.',
          examples: [50],
        },
      },
    }),
    schemaProse(CustomerDeveloperFeesSchema, {
      id: 'CustomerDeveloperFees',
      examples: [{ customerId: CUSTOMER_ID, developerSpreadFeeBps: 50, updatedAt: '2026-11-21T10:00:00.000Z' }],
      shape: { updatedAt: { description: 'When the rate was last set (never set: the customer’s creation)' } },
    }),
    schemaProse(OrganizationDeveloperFeesSchema, {
      id: 'OrganizationDeveloperFees',
      examples: [
        {
          balance: '12.345678',
          pendingClaims: '0.00',
          availableBalance: '12.345678',
          currencyId: 'usdc_base',
          currency: 'usdc',
        },
      ],
      shape: {
        balance: { description: 'Developer fees accrued and not yet claimed, in USDC' },
        pendingClaims: {
          description: 'Claims under way; a claim settles in the same step it is made, so always 0.00 here',
        },
        availableBalance: { description: 'What `POST /developer-fees` would claim now' },
      },
    }),
    schemaProse(ClaimDeveloperFeesBody, {
      id: 'ClaimDeveloperFeesRequest',
      examples: [{}],
      shape: {
        amount: {
          innerType: { description: 'USDC to claim; absent: everything available (Compose’s demo sends `{}`)' },
        },
      },
    }),
    schemaProse(DeveloperFeeClaimSchema, {
      id: 'DeveloperFeeClaim',
      examples: [
        {
          success: true,
          transactionId: CLAIM_ID,
          amount: '12.345678',
          message: CLAIMED,
        },
      ],
      shape: { transactionId: { description: 'The claim’s id, also in `developer_fees.claimed`' } },
    }),
    schemaProse(BalancesSchema, {
      id: 'Balances',
      examples: [
        {
          custodial: {
            balances: [{ currency: 'usdc', balance: '12.35', availableBalance: '12.35', lockedBalance: '0.00' }],
          },
          nonCustodial: { address: null, balances: [] },
        },
      ],
      shape: {
        custodial: {
          shape: {
            balances: {
              description: 'The USDC the service holds for your organization: the developer fees you claimed',
            },
          },
        },
        nonCustodial: {
          description:
            "Your organization's treasury, which it controls itself (the service holds no key to it): the " +
            'address deposits are swept to and its USDC per chain; null and empty without a treasury',
        },
      },
    }),
  ],
};
