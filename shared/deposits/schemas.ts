import * as z from 'zod';
import type { VirtualAccountRecord } from '#shared/deposits/records.ts';
import { VirtualAccountCurrencySchema, VirtualAccountRecordSchema } from '#shared/deposits/records.ts';
import { UsdcAmountSchema } from '#shared/money/amounts.ts';
import { CHAINS } from '#shared/money/chains.ts';
import { EthereumAddressSchema } from '#shared/wallets/schemas.ts';

const uuid = () => z.uuid({ error: 'Must be a UUID' });

// Virtual accounts.

export const CreateVirtualAccountBody = z
  .strictObject({
    currency: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.enum(VirtualAccountCurrencySchema.options, { error: 'Must be one of: USD' }))
      .meta({ description: 'The account currency: `USD` (any letter case), the only one offered' }),
  })
  .meta({ id: 'CreateVirtualAccountRequest', examples: [{ currency: 'USD' }] });

export const CustomerVirtualAccountParams = z.strictObject({
  customerId: uuid().meta({
    description: 'The customer the virtual account belongs to',
    examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
  }),
  virtualAccountId: uuid().meta({
    description: 'The `id` that requesting the virtual account returned',
    examples: ['2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a'],
  }),
});

const VIRTUAL_ACCOUNT_EXAMPLE = {
  id: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  currency: 'USD',
  status: 'ACTIVE',
  iban: 'GB31SNDB04000012345678',
  bic: 'SNDBGB2LXXX',
  bankName: 'Sandbox Virtual Accounts Ltd',
  bankAddress: '1 Sandbox Lane, London EC2A 1AA, GB',
  bankCountry: 'GB',
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:02:00.000Z',
  activatedAt: '2026-11-21T10:02:00.000Z',
};
const PENDING_VIRTUAL_ACCOUNT_EXAMPLE = {
  ...VIRTUAL_ACCOUNT_EXAMPLE,
  status: 'PENDING',
  iban: null,
  bic: null,
  bankName: null,
  bankAddress: null,
  bankCountry: null,
  updatedAt: VIRTUAL_ACCOUNT_EXAMPLE.createdAt,
  activatedAt: null,
};

export const VirtualAccountSchema = VirtualAccountRecordSchema.omit({
  virtualAccountId: true,
  organizationId: true,
})
  .extend({ id: z.string() })
  .meta({ id: 'VirtualAccount', examples: [PENDING_VIRTUAL_ACCOUNT_EXAMPLE, VIRTUAL_ACCOUNT_EXAMPLE] });
export type VirtualAccount = z.infer<typeof VirtualAccountSchema>;

export const toVirtualAccount = ({
  virtualAccountId,
  organizationId: _organizationId,
  ...rest
}: VirtualAccountRecord): VirtualAccount => ({ id: virtualAccountId, ...rest });

// Deposit details.

const RAILS = { eur: ['SEPA'], usd: ['FEDWIRE', 'SWIFT'] } as const;
export type DepositCurrency = keyof typeof RAILS;
export type DepositRail = (typeof RAILS)[DepositCurrency][number];

const MISSING_CURRENCY = 'Missing required query parameter: currency';

/** `?currency=eur|usd[&paymentRail=...]`, any case. */
export const DepositDetailsQuery = z
  .strictObject({
    currency: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(['eur', 'usd'], { error: 'Must be one of: eur, usd' }))
      .optional()
      .meta({
        description: 'Required: `eur` or `usd` (any letter case), the currency the payer sends',
        examples: ['eur'],
      }),
    paymentRail: z
      .string()
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.enum(['SEPA', 'FEDWIRE', 'SWIFT'], { error: 'Must be one of: SEPA, FEDWIRE, SWIFT' }))
      .optional()
      .meta({
        description:
          'The rail, any case: `SEPA` for eur; `FEDWIRE` (default) or `SWIFT` for usd. A rail of the other ' +
          'currency is a 400.',
      }),
  })
  .check((ctx) => {
    const { currency, paymentRail } = ctx.value;
    // The contract's message names the parameter without the usual `<field>: ` prefix, hence the empty path.
    if (!currency) ctx.issues.push({ code: 'custom', path: [], message: MISSING_CURRENCY, input: ctx.value });
    else if (paymentRail && !(RAILS[currency] as readonly string[]).includes(paymentRail)) {
      ctx.issues.push({
        code: 'custom',
        path: ['paymentRail'],
        message: `Must be one of: ${RAILS[currency].join(', ')} for ${currency}`,
        input: paymentRail,
      });
    }
  });
export type DepositDetailsRequest = z.output<typeof DepositDetailsQuery>;

/** The currency (present once the query passed) and its rail, the currency's first by default (SEPA, FEDWIRE). */
export function depositRail(query: DepositDetailsRequest): { currency: DepositCurrency; paymentRail: DepositRail } {
  const { currency, paymentRail } = query;
  if (!currency) throw new Error(MISSING_CURRENCY);
  return { currency, paymentRail: paymentRail ?? RAILS[currency][0] };
}

export const DepositDetailsSchema = z
  .object({
    customerId: z.string(),
    currency: z.enum(['eur', 'usd']),
    paymentRail: z.enum(['SEPA', 'FEDWIRE', 'SWIFT']),
    depositModel: z.enum(['reference', 'virtual_account']),
    reference: z.string(),
    accountName: z.string().nullable(),
    accountAddress: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    accountNumber: z.string().nullable(),
    routingNumber: z.string().nullable(),
    bankName: z.string().nullable(),
    bankAddress: z.string().nullable(),
    bankCountry: z.string().nullable(),
    depositInstructions: z.string(),
    warning: z.string().nullable(),
    thirdPartyEnabled: z.boolean(),
  })
  .meta({
    id: 'DepositDetails',
    examples: [
      {
        customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
        currency: 'eur',
        paymentRail: 'SEPA',
        depositModel: 'reference',
        reference: 'K7Q2M9X4TB',
        accountName: 'Payout Service Client Funds',
        accountAddress: '1 Example Street, 10117 Berlin, DE',
        iban: 'DE89370400440532013000',
        bic: 'SNDBDEFFXXX',
        accountNumber: null,
        routingNumber: null,
        bankName: 'Sandbox Bank AG',
        bankAddress: 'Sandboxplatz 1, 60311 Frankfurt am Main, DE',
        bankCountry: 'DE',
        depositInstructions:
          "Send EUR by SEPA transfer to the IBAN above. Always quote the reference K7Q2M9X4TB; the amount is credited to the customer's USDC balance.",
        warning:
          'Quote the reference exactly and pay from an account in the customer’s own name: transfers without it, or from third parties, are returned.',
        thirdPartyEnabled: false,
      },
    ],
  });
export type DepositDetails = z.infer<typeof DepositDetailsSchema>;

// Inbound on-chain deposits.

const lowerChain = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.enum(CHAINS, { error: `Must be one of: ${CHAINS.join(', ')}` }));

/** A transaction hash as EVM chains render it: `0x` and 64 hex digits. */
export const TxHashSchema = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'Must be 0x followed by 64 hex digits' });

/** `POST /sandbox/deposits`: what a chain watcher reports; the sandbox makes up a hash when none is given. */
export const SandboxDepositBody = z
  .strictObject({
    chain: lowerChain.meta({ description: 'The chain the transfer arrived on (any letter case)', examples: ['base'] }),
    address: EthereumAddressSchema.meta({
      description:
        'The receiving address: a bank deposit wallet (the transfer is forwarded to its bank as a WITHDRAWAL when ' +
        'the bank is ACTIVE and it is at least 5 USDC, else a DEPOSIT); 404 if it is not a deposit address of ' +
        'yours on that chain (a destination wallet is credited nothing)',
    }),
    amount: UsdcAmountSchema.meta({
      description: 'USDC received: a decimal string with up to 6 places, never a JSON number',
      examples: ['25.00'],
    }),
    txHash: TxHashSchema.optional().meta({
      description:
        'The hash (`0x` + 64 hex digits) of a transfer made elsewhere, reported as its log 0; left out, a real ' +
        'transfer is made on the local chain (or, without one, a hash is made up). One transfer is recorded once.',
    }),
  })
  .meta({
    id: 'SandboxDepositRequest',
    examples: [
      {
        chain: 'base',
        address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        amount: '25.00',
        txHash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
      },
      { chain: 'base', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', amount: '4.99' },
    ],
  });
