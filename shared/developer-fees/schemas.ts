import { refusal } from '#shared/errors.ts';
import { docMeta } from '#shared/routing/openapi-meta.ts';
import { OPENAPI_PROSE } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The request and response shapes of Compose's developer fees and balances operations. */

const CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const CLAIM_ID = '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a';

export const MAX_DEVELOPER_SPREAD_FEE_BPS = 2500;

export const NOTHING_TO_CLAIM = refusal(400, 'No developer fees available to claim');
export const CLAIMED = 'Developer fees claimed to your organization balance';

const DeveloperSpreadFeeBps = z.number().check(
  z.int({ error: 'Must be a whole number of basis points' }),
  z.gte(0, { error: 'Must be at least 0' }),
  z.lte(MAX_DEVELOPER_SPREAD_FEE_BPS, { error: `Must be at most ${MAX_DEVELOPER_SPREAD_FEE_BPS}` }),
  docMeta(
    OPENAPI_PROSE && {
      description:
        "Your fee on this customer's withdrawals and deposits, in basis points (100 = 1 %, at most 2500): taken " +
        'from what remains after the service fee, rounded down to the micro-USDC, and accrued to your developer ' +
        'fees when the transaction completes. 0 turns it off.',
      examples: [50],
    },
  ),
);

export const UpdateCustomerDeveloperFeesBody = z
  .strictObject({ developerSpreadFeeBps: DeveloperSpreadFeeBps })
  .check(
    docMeta(OPENAPI_PROSE && { id: 'UpdateCustomerDeveloperFeesRequest', examples: [{ developerSpreadFeeBps: 50 }] }),
  );

export const CustomerDeveloperFeesSchema = z
  .object({
    customerId: z.string(),
    developerSpreadFeeBps: z.number().check(z.int()),
    updatedAt: z
      .string()
      .check(
        docMeta(OPENAPI_PROSE && { description: 'When the rate was last set (never set: the customer’s creation)' }),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'CustomerDeveloperFees',
        examples: [{ customerId: CUSTOMER_ID, developerSpreadFeeBps: 50, updatedAt: '2026-11-21T10:00:00.000Z' }],
      },
    ),
  );
export type CustomerDeveloperFees = z.infer<typeof CustomerDeveloperFeesSchema>;

const usdcFigure = (description: string) => z.string().check(docMeta(OPENAPI_PROSE && { description }));

export const OrganizationDeveloperFeesSchema = z
  .object({
    balance: usdcFigure('Developer fees accrued and not yet claimed, in USDC'),
    pendingClaims: usdcFigure('Claims under way; a claim settles in the same step it is made, so always 0.00 here'),
    availableBalance: usdcFigure('What `POST /developer-fees` would claim now'),
    currencyId: z.literal('usdc_base'),
    currency: z.literal('usdc'),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
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
      },
    ),
  );
export type OrganizationDeveloperFees = z.infer<typeof OrganizationDeveloperFeesSchema>;

export const ClaimDeveloperFeesBody = z
  .strictObject({
    amount: z.optional(
      z.string().check(
        z.regex(/^(0|[1-9]\d{0,14})(\.\d{1,6})?$/, {
          error: 'Must be a decimal string with at most 6 decimal places',
        }),
        docMeta(
          OPENAPI_PROSE && { description: 'USDC to claim; absent: everything available (Compose’s demo sends `{}`)' },
        ),
      ),
    ),
  })
  .check(docMeta(OPENAPI_PROSE && { id: 'ClaimDeveloperFeesRequest', examples: [{}] }));

export const DeveloperFeeClaimSchema = z
  .object({
    success: z.literal(true),
    transactionId: z
      .string()
      .check(docMeta(OPENAPI_PROSE && { description: 'The claim’s id, also in `developer_fees.claimed`' })),
    amount: z.string(),
    message: z.string(),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'DeveloperFeeClaim',
        examples: [
          {
            success: true,
            transactionId: CLAIM_ID,
            amount: '12.345678',
            message: CLAIMED,
          },
        ],
      },
    ),
  );
export type DeveloperFeeClaim = z.infer<typeof DeveloperFeeClaimSchema>;

const BalanceEntry = z.object({
  currency: z.literal('usdc'),
  balance: z.string(),
  availableBalance: z.string(),
  lockedBalance: z.string(),
});

export const BalancesSchema = z
  .object({
    custodial: z.object({
      balances: z.array(BalanceEntry).check(
        docMeta(
          OPENAPI_PROSE && {
            description: 'The USDC the service holds for your organization: the developer fees you claimed',
          },
        ),
      ),
    }),
    nonCustodial: z
      .object({
        address: z.nullable(z.string()),
        balances: z.array(
          z.object({
            currency: z.string(),
            chain: z.string(),
            balance: z.string(),
            availableBalance: z.string(),
            lockedBalance: z.string(),
            tokenAddress: z.string(),
          }),
        ),
      })
      .check(
        docMeta(
          OPENAPI_PROSE && {
            description:
              "Your organization's treasury, which it controls itself (the service holds no key to it): the " +
              'address deposits are swept to and its USDC per chain; null and empty without a treasury',
          },
        ),
      ),
  })
  .check(
    docMeta(
      OPENAPI_PROSE && {
        id: 'Balances',
        examples: [
          {
            custodial: {
              balances: [{ currency: 'usdc', balance: '12.35', availableBalance: '12.35', lockedBalance: '0.00' }],
            },
            nonCustodial: { address: null, balances: [] },
          },
        ],
      },
    ),
  );
export type Balances = z.infer<typeof BalancesSchema>;
