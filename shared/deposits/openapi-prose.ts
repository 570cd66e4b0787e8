import type { routes } from '#shared/deposits/routes.ts';
import { SandboxDepositBody } from '#shared/deposits/sandbox-deposit-schemas.ts';
import {
  CreateVirtualAccountBody,
  CustomerVirtualAccountParams,
  DepositDetailsQuery,
  DepositDetailsSchema,
  GetVirtualAccountQuery,
  SandboxCreditBody,
  SandboxRejectVirtualAccountBody,
} from '#shared/deposits/schemas.ts';
import { VIRTUAL_ACCOUNT_MESSAGES, VirtualAccountSchema } from '#shared/deposits/virtual-account-view.ts';
import { SEPA } from '#shared/rails/bank/rail.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

const VIRTUAL_ACCOUNT_EXAMPLE = {
  id: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a',
  virtualAccountId: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  currency: 'USD',
  status: 'APPROVED',
  message: VIRTUAL_ACCOUNT_MESSAGES.APPROVED,
  iban: 'GB31SNDB04000012345678',
  bic: 'SNDBGB2LXXX',
  bankName: 'Sandbox Virtual Accounts Ltd',
  bankAddress: '1 Sandbox Lane, London EC2A 1AA, GB',
  bankCountry: 'GB',
  virtualAccount: {
    iban: 'GB31SNDB04000012345678',
    bic: 'SNDBGB2LXXX',
    accountName: 'Ada Lovelace',
    accountNumber: '12345678',
    addressDetails: {
      addressLine1: 'Friedrichstraße 123',
      city: 'Berlin',
      postcode: '10117',
      country: 'DE',
      nationality: null,
      dateOfBirth: null,
    },
    bankName: 'Sandbox Virtual Accounts Ltd',
    bankCountry: 'GB',
    bankAddress: '1 Sandbox Lane, London EC2A 1AA, GB',
  },
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:02:00.000Z',
  activatedAt: '2026-11-21T10:02:00.000Z',
  rejectionReason: null,
};

const PENDING_VIRTUAL_ACCOUNT_EXAMPLE = {
  ...VIRTUAL_ACCOUNT_EXAMPLE,
  status: 'PENDING',
  message: VIRTUAL_ACCOUNT_MESSAGES.PENDING,
  iban: null,
  bic: null,
  bankName: null,
  bankAddress: null,
  bankCountry: null,
  virtualAccount: null,
  updatedAt: VIRTUAL_ACCOUNT_EXAMPLE.createdAt,
  activatedAt: null,
};

/** The deposits words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    getDepositDetails: {
      summary: "Bank details for fiat deposits to the customer's USDC balance",
      description:
        "The payer must quote `reference` exactly and pay from the customer's own account. Fields the rail does not use " +
        'are `null`. With an ACTIVE USD virtual account, `usd` + `SWIFT` answers its dedicated IBAN. Needs approved KYC (403).',
    },
    createVirtualAccount: {
      summary: 'Request a dedicated USD or EUR virtual account (PENDING until opened)',
      description:
        "One per currency and customer (409). Needs approved KYC (403). Answers Compose's shape: `virtualAccountId`, " +
        '`status` (`PENDING`, then `APPROVED`), `message` and the nested `virtualAccount` (null until opened); ' +
        '`virtual_account.created` and later `virtual_account.approved` (or `virtual_account.rejected`, after which ' +
        'the customer may request a new account of that currency) are sent. In the sandbox, ' +
        '`POST /sandbox/customers/{customerId}/virtual-accounts/{virtualAccountId}/approve` opens it and `/reject` ' +
        'refuses it.',
    },
    getVirtualAccount: {
      summary: "Get a customer's virtual account by `virtualAccountId`",
      description:
        "Compose's poll for the IBAN: `status` becomes `APPROVED` and `virtualAccount` carries the details, with " +
        '`addressDetails` from what KYC held. Without `virtualAccountId`: 400, as on Compose (list them with ' +
        '`GET .../virtual-accounts`).',
    },
    listVirtualAccounts: { summary: "List a customer's virtual accounts, newest first" },
    sandboxApproveVirtualAccount: {
      summary: 'Sandbox: open a PENDING virtual account (ACTIVE, with its dedicated IBAN)',
    },
    sandboxRejectVirtualAccount: {
      summary: 'Sandbox: refuse a PENDING virtual account (REJECTED), optionally with a reason',
      description:
        'As the provider would: the account becomes `REJECTED` for good (with `rejectionReason`), ' +
        '`virtual_account.rejected` is sent, and the customer may request a new account of that currency.',
    },
    sandboxCreditBalance: {
      summary: "Sandbox: credit USDC to the customer's balance (a completed DEPOSIT)",
      description:
        'Stands in for money arriving: the amount (a decimal string) is added to the available balance at once, ' +
        'recorded as a `COMPLETED` `DEPOSIT`, and `deposit.created` is sent.',
    },
    sandboxDeposit: {
      summary:
        'Sandbox: USDC arrives on-chain at an address (a forwarding WITHDRAWAL from a bank deposit wallet, else a DEPOSIT)',
      description:
        'On `npm start` a real USDC test-token transfer to the address on the local chain, reported to the same ' +
        'ingestion the chain watcher uses; elsewhere (or with a `txHash`) the report alone. Only deposit addresses ' +
        'the platform derived are credited: at a bank deposit wallet whose bank is `ACTIVE`, 5 USDC or more become a ' +
        '`WITHDRAWAL` to that bank (`PROCESSING` at once, settled like any sandbox payout); less, or a bank not ' +
        '`ACTIVE`: a `COMPLETED` `DEPOSIT` to the balance. A destination wallet is credited nothing (404). One ' +
        'transfer is recorded once: reporting it again answers the same transaction with `Idempotent-Replayed: true`. ' +
        '503 when the local chain does not answer.',
    },
  },
  schemas: [
    schemaProse(SandboxDepositBody, {
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
      shape: {
        chain: { description: 'The chain the transfer arrived on (any letter case)', examples: ['base'] },
        address: {
          description:
            'The receiving address: a bank deposit wallet (the transfer is forwarded to its bank as a WITHDRAWAL when ' +
            'the bank is ACTIVE and it is at least 5 USDC, else a DEPOSIT); 404 if it is not a deposit address of ' +
            'yours on that chain (a destination wallet is credited nothing)',
        },
        amount: {
          description: 'USDC received: a decimal string with up to 6 places, never a JSON number',
          examples: ['25.00'],
        },
        txHash: {
          description:
            'The hash (`0x` + 64 hex digits) of a transfer made elsewhere, reported as its log 0; left out, a real ' +
            'transfer is made on the local chain (or, without one, a hash is made up). One transfer is recorded once.',
        },
        from: {
          description:
            'The sending address, screened against the sanctions lists: a listed sender freezes the transfer (409, ' +
            '`deposit.frozen`). Given, the transfer is reported, not made on the local chain.',
        },
      },
    }),
    schemaProse(CreateVirtualAccountBody, {
      id: 'CreateVirtualAccountRequest',
      examples: [{ currency: 'USD' }],
      shape: {
        currency: { description: 'The account currency: `USD` or `EUR` (any letter case); one account per currency' },
      },
    }),
    schemaProse(CustomerVirtualAccountParams, {
      shape: {
        customerId: {
          description: 'The customer the virtual account belongs to',
          examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
        },
        virtualAccountId: {
          description: 'The `id` (also `virtualAccountId`) that requesting the virtual account returned',
          examples: ['2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a'],
        },
      },
    }),
    schemaProse(GetVirtualAccountQuery, {
      shape: {
        virtualAccountId: {
          description: "The account's `virtualAccountId` (returned when it was requested). Unknown ids are 404.",
          examples: ['2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a'],
        },
      },
    }),
    schemaProse(SandboxRejectVirtualAccountBody, {
      id: 'SandboxRejectVirtualAccountRequest',
      examples: [{ reason: 'Proof of address could not be verified' }],
      shape: { reason: { description: 'Why the account was refused; shown as `rejectionReason` and in the event' } },
    }),
    schemaProse(DepositDetailsQuery, {
      shape: {
        currency: {
          description:
            '`eur` or `usd` (any letter case), the currency the payer sends; optional when `paymentRail` is given ' +
            '(SEPA is eur, FEDWIRE and SWIFT are usd)',
          examples: ['eur'],
        },
        paymentRail: {
          description:
            'The rail, any case: `SEPA` for eur; `FEDWIRE` (default) or `SWIFT` for usd. Alone it implies the ' +
            'currency (as on Compose); a rail of the other currency is a 400. One of `paymentRail` and `currency` ' +
            'is required.',
        },
      },
    }),
    schemaProse(DepositDetailsSchema, {
      id: 'DepositDetails',
      examples: [
        {
          customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
          currency: 'eur',
          paymentRail: SEPA,
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
          warningText:
            'Quote the reference exactly and pay from an account in the customer’s own name: transfers without it, or from third parties, are returned.',
          thirdPartyEnabled: false,
        },
      ],
    }),
    schemaProse(SandboxCreditBody, {
      id: 'SandboxCreditBalanceRequest',
      examples: [{ amount: '250.00' }],
      shape: {
        amount: {
          description: 'USDC to credit: a decimal string with up to 6 places, never a JSON number',
          examples: ['250.00'],
        },
      },
    }),
    schemaProse(VirtualAccountSchema, {
      id: 'VirtualAccount',
      examples: [PENDING_VIRTUAL_ACCOUNT_EXAMPLE, VIRTUAL_ACCOUNT_EXAMPLE],
    }),
  ],
};
