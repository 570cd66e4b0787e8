import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';
import { CompleteOriginatorBody, MissingOriginatorsSchema } from '#shared/treasury/deposit-travel-rule-schemas.ts';
import { ivms101Prose } from '#shared/treasury/openapi-prose-ivms101.ts';
import type { routes } from '#shared/treasury/routes.ts';
import {
  FeeWalletSchema,
  ProveWalletOwnershipBody,
  RegisterFeeWalletBody,
  SandboxOnRampBody,
  TravelRuleSchema,
  TreasurySendSchema,
  WaitingSendsSchema,
  WalletOwnershipSchema,
  WithdrawDeveloperFeesBody,
} from '#shared/treasury/schemas.ts';

const ORGANIZATION_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const TREASURY = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const CUSTOMER_WALLET = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const CUSTOMER_ID = '3b241101-e2bb-4255-8caf-4136c566a962';
const ORGANIZATION_ID = '0b0f4c35-3d8c-4d1e-9f7c-2a6b5e4d3c21';
const MESSAGE = [
  'I control this address and receive USDC at it.',
  `Address: ${CUSTOMER_WALLET}`,
  `Customer: ${CUSTOMER_ID}`,
  `Organization: ${ORGANIZATION_ID}`,
].join('\n');
const SIGNATURE = `0x${'4f'.repeat(32)}${'1a'.repeat(32)}1b`;

const SEND_EXAMPLE = {
  sendId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  purpose: 'ONRAMP_DEPOSIT',
  chain: 'base',
  amount: '92.50',
  from: TREASURY,
  to: CUSTOMER_WALLET,
  status: 'MINED',
  waitingReason: null,
  waitingDetail: null,
  txHash: '0x9fc76417374aa880d4449a1f7f31ec597f00b1f6f3dd2d66f4c9c6c445836d8b',
  blockNumber: '18734021',
  confirmations: 12,
  createdAt: '2026-11-21T10:00:00.000Z',
  minedAt: '2026-11-21T10:00:04.000Z',
};

const JANE = {
  naturalPerson: {
    name: {
      nameIdentifier: [{ primaryIdentifier: 'Lovelace', secondaryIdentifier: 'Ada', nameIdentifierType: 'LEGL' }],
    },
    customerIdentification: CUSTOMER_ID,
  },
};
const SENDER = '0x098B716B8Aaf21512996dC57EB0615e2383E2f96';
const DEPOSIT_ADDRESS = '0x59208302DE3FE498290946ACc0f2A90BBfa10790';
/** USDC that arrived from an address nobody named yet: its originator MISSING. */
const INBOUND_EXAMPLE = {
  transactionId: '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f',
  direction: 'INBOUND',
  send: null,
  deposit: {
    chain: 'base',
    txHash: `0x${'ab'.repeat(32)}`,
    logIndex: 0,
    from: SENDER,
    to: DEPOSIT_ADDRESS,
    amount: '1500.00',
    receivedAt: '2026-11-21T10:00:00.000Z',
    originatorStatus: 'MISSING',
    missing: ['originator.originatorPersons', 'sourceCustodian'],
    completedBy: null,
    completedAt: null,
  },
  custodian: null,
  eurValue: '1380.00',
  ivms101: {
    originator: { originatorPersons: [], accountNumber: [SENDER] },
    beneficiary: { beneficiaryPersons: [JANE], accountNumber: [DEPOSIT_ADDRESS] },
    beneficiaryVASP: {
      legalPerson: {
        name: { nameIdentifier: [{ legalPersonName: 'Acme Payouts Ltd', legalPersonNameIdentifierType: 'LEGL' }] },
        customerNumber: ORGANIZATION_ID,
      },
    },
  },
  ownershipProof: null,
};

/** The treasury words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    consoleRegisterFeeWallet: {
      summary: "Register (or replace) the organization's wallet its developer fees are withdrawn to, per chain",
      description:
        'An address of the organization on that chain; a withdrawal pays the address registered when it is asked for. ' +
        'Recorded in the audit log (`fee-wallet.registered`, with the address before and after).',
    },
    withdrawDeveloperFees: {
      summary: "Withdraw USDC of the organization's balance (claimed developer fees) to its registered wallet",
      description:
        'The amount leaves the custodial balance (`GET /balances`) at once (400 beyond it) and is sent out of the ' +
        "organization's treasury on that chain by the custody relayer: `status` `WAITING` (with `waitingReason` " +
        '`TREASURY_SHORT` while the treasury or its allowance to the relayer is short), then `SENT`, then `MINED` ' +
        'with `txHash`. 409 before a wallet is registered for the chain (`POST /api/console/fee-wallets`). Not part ' +
        "of Compose's API.",
    },
    getTransactionTravelRule: {
      summary: "The Travel Rule data of a transaction's crypto leg (IVMS101)",
      description:
        'For an on-ramp deposit sent to a destination wallet (`direction` `OUTBOUND`): the send out of the treasury ' +
        '(mined: with its `confirmations`); for USDC that arrived at a deposit address (`INBOUND`): the deposit, ' +
        'with `originatorStatus` `MISSING` until the originator is known. Both with the originator and beneficiary ' +
        'in IVMS101 form (EU Transfer of Funds Regulation 2023/1113 art. 14), who holds the address (`SELF_HOSTED` ' +
        'or another provider, `VASP`; null while unknown) and, for a self-hosted address, the ownership proof. 404 ' +
        "for a transaction without a crypto leg. Not part of Compose's API.",
    },
    completeDepositOriginator: {
      summary: 'Complete the originator data of USDC that arrived without it (Travel Rule, inbound)',
      description:
        "The chain names only the sending address; art. 16 of EU 2023/1113 has the beneficiary's provider detect " +
        'missing originator data and obtain it. Give `originator` (an IVMS101 natural or legal person, or ' +
        '`CUSTOMER` for the customer itself) and/or `originatingVasp` (the provider holding the sending address, ' +
        "with its LEI if known; absent: a self-hosted address). From the customer's own self-hosted address above " +
        'EUR 1,000, `ownershipSignature` is required unless the address was proven before: its EIP-191 ' +
        '`personal_sign` signature of the ownership message (the text of `GET .../ownership-proof`, naming that ' +
        "address). 409 once complete. Announced by `travel_rule.originator_completed`. Not part of Compose's API.",
    },
    listMissingOriginators: {
      summary: 'The deposits whose originator Travel Rule data is missing, oldest first',
      description:
        'Each as `GET .../travel-rule` answers it; one leaves the list when its originator is completed. At most ' +
        "100; `deposit.created` (or `withdrawal.created` for a forward) announces each deposit. Not part of Compose's API.",
    },
    consoleGetTransactionTravelRule: {
      summary: "The Travel Rule data of a transaction's crypto leg, for the console's transaction page",
      description:
        'What `GET /customers/{customerId}/transactions/{transactionId}/travel-rule` answers, found by the ' +
        'transaction id alone. 404 for a transaction without a crypto leg.',
    },
    getWalletOwnership: {
      summary: 'The message a destination wallet signs to prove its ownership, and the proof once given',
      description:
        'A send above EUR 1,000 to a self-hosted address waits (`OWNERSHIP_PROOF_REQUIRED`) until the address signed ' +
        "`message` with EIP-191 `personal_sign` and the signature was submitted with `POST`. Not part of Compose's API.",
    },
    proveWalletOwnership: {
      summary: "Submit the wallet address's EIP-191 signature of the ownership message",
      description:
        'The signer is recovered and must be the wallet address itself; the message and signature are stored as the ' +
        'evidence, and waiting sends to the address go. A signature by another key or of another text is 400.',
    },
    sandboxSendOnRampDeposit: {
      summary: "Sandbox: an on-ramp payment whose USDC is sent to one of the customer's destination wallets",
      description:
        'Stands in for a bank credit that names a destination wallet: a `PROCESSING` `DEPOSIT` (with ' +
        "`deposit.created`) whose USDC, less the developer fee, leaves the organization's treasury for the wallet on " +
        'its chain; once mined the deposit is `COMPLETED` with its `txHash`. The balance is not touched. Above EUR ' +
        "1,000 to a self-hosted wallet it waits for the wallet's ownership proof. 409 without a treasury on the " +
        "wallet's chain. Not part of Compose's API.",
    },
    consoleListWaitingSends: {
      summary: "The organization's sends out of the treasury not yet mined: how many, the oldest, why they wait",
      description:
        '`byReason` counts the `WAITING` ones: `TREASURY_SHORT` (fund the treasury or raise its allowance to the ' +
        'relayer; alarmed), `OWNERSHIP_PROOF_REQUIRED` (the customer must prove its wallet), `RETRY`. `items`: the ' +
        '20 oldest, with `waitingDetail` giving the figures. The console Home shows it.',
    },
    consoleExportTravelRule: {
      summary: 'Export the Travel Rule record of every crypto leg, sends and deposits, for an auditor (JSON lines)',
      description:
        'Oldest first: each send out of the treasury and each deposit that arrived (`leg` `SEND` or `DEPOSIT`) with ' +
        "its IVMS101 data, custodian, ownership proof (verifiable by anyone), a deposit's `originatorStatus` and, " +
        'to another provider, the Travel Rule Protocol (TRP v3) inquiry a send carries. Needs the `audit` permission.',
    },
  },
  schemas: [
    ...ivms101Prose,
    schemaProse(RegisterFeeWalletBody, {
      id: 'RegisterFeeWalletRequest',
      examples: [{ chain: 'base', address: ORGANIZATION_WALLET }],
      shape: {
        chain: { description: 'The chain of the address' },
        address: { description: "The organization's own address there (0x and 40 hex digits)" },
      },
    }),
    schemaProse(FeeWalletSchema, {
      id: 'FeeWallet',
      examples: [
        {
          chain: 'base',
          address: ORGANIZATION_WALLET,
          registeredBy: 'ops@example.com',
          registeredAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    }),
    schemaProse(WithdrawDeveloperFeesBody, {
      id: 'WithdrawDeveloperFeesRequest',
      examples: [{ chain: 'base', amount: '25.00' }],
      shape: {
        chain: { description: 'The chain the USDC leaves the treasury on, to the wallet registered there' },
        amount: { description: 'USDC, a decimal string with at most 6 decimals' },
      },
    }),
    schemaProse(TreasurySendSchema, {
      id: 'TreasurySend',
      examples: [SEND_EXAMPLE],
      shape: {
        status: { description: '`WAITING` (see `waitingReason`), `SENT` (signed, maybe broadcast), `MINED`' },
        waitingDetail: { description: 'The figures behind `waitingReason`' },
      },
    }),
    schemaProse(TravelRuleSchema, {
      id: 'TravelRule',
      examples: [
        {
          transactionId: SEND_EXAMPLE.sendId,
          direction: 'OUTBOUND',
          send: SEND_EXAMPLE,
          deposit: null,
          custodian: { type: 'SELF_HOSTED' },
          eurValue: '85.10',
          ivms101: {
            originator: {
              originatorPersons: [
                {
                  naturalPerson: {
                    name: {
                      nameIdentifier: [
                        { primaryIdentifier: 'Lovelace', secondaryIdentifier: 'Ada', nameIdentifierType: 'LEGL' },
                      ],
                    },
                    customerIdentification: CUSTOMER_ID,
                  },
                },
              ],
              accountNumber: ['PAYOUTS-7F3K9Q'],
            },
            beneficiary: {
              beneficiaryPersons: [
                {
                  naturalPerson: {
                    name: {
                      nameIdentifier: [
                        { primaryIdentifier: 'Lovelace', secondaryIdentifier: 'Ada', nameIdentifierType: 'LEGL' },
                      ],
                    },
                    customerIdentification: CUSTOMER_ID,
                  },
                },
              ],
              accountNumber: [CUSTOMER_WALLET],
            },
          },
          ownershipProof: null,
        },
        INBOUND_EXAMPLE,
      ],
    }),
    schemaProse(CompleteOriginatorBody, {
      id: 'CompleteOriginatorRequest',
      examples: [
        {
          originator: {
            naturalPerson: {
              name: {
                nameIdentifier: [
                  { primaryIdentifier: 'Hopper', secondaryIdentifier: 'Grace', nameIdentifierType: 'LEGL' },
                ],
              },
              geographicAddress: [{ addressType: 'HOME', townName: 'Berlin', country: 'DE' }],
            },
          },
          originatingVasp: { name: 'Example Exchange GmbH', lei: '529900T8BM49AURSDO55' },
        },
        { originator: 'CUSTOMER', ownershipSignature: SIGNATURE },
      ],
      shape: {
        originator: { description: 'Who sent the USDC: an IVMS101 person, or `CUSTOMER` (its KYC data is used)' },
        originatingVasp: {
          description: 'The provider holding the sending address; absent: a self-hosted address',
          innerType: {
            shape: {
              name: { description: "The provider's legal name" },
              lei: { description: 'Its Legal Entity Identifier (20 characters), when known' },
            },
          },
        },
        ownershipSignature: {
          description:
            "The sending address's EIP-191 signature of the ownership message (customer, self-hosted, above EUR 1,000)",
        },
      },
    }),
    schemaProse(MissingOriginatorsSchema, {
      id: 'MissingOriginators',
      examples: [{ count: 1, items: [INBOUND_EXAMPLE] }],
    }),
    schemaProse(SandboxOnRampBody, {
      id: 'SandboxOnRampRequest',
      examples: [{ amount: '100.00', walletId: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a' }],
      shape: {
        amount: { description: 'USDC bought: a decimal string with up to 6 places' },
        walletId: { description: "One of the customer's destination wallets (404 for any other)" },
      },
    }),
    schemaProse(WaitingSendsSchema, {
      id: 'ConsoleWaitingSends',
      examples: [
        {
          count: 1,
          oldestAt: SEND_EXAMPLE.createdAt,
          byReason: { TREASURY_SHORT: 1, OWNERSHIP_PROOF_REQUIRED: 0, RETRY: 0 },
          items: [
            {
              ...SEND_EXAMPLE,
              status: 'WAITING',
              waitingReason: 'TREASURY_SHORT',
              waitingDetail: 'needs 92.50 USDC: the treasury holds 5.00 and allows the relayer 1000000.00',
              txHash: null,
              blockNumber: null,
              confirmations: null,
              minedAt: null,
              customerId: CUSTOMER_ID,
              transactionId: SEND_EXAMPLE.sendId,
            },
          ],
        },
      ],
    }),
    schemaProse(ProveWalletOwnershipBody, {
      id: 'ProveWalletOwnershipRequest',
      examples: [{ signature: SIGNATURE }],
      shape: {
        signature: { description: "The address's EIP-191 `personal_sign` signature of `message`, 0x + 130 hex" },
      },
    }),
    schemaProse(WalletOwnershipSchema, {
      id: 'WalletOwnership',
      examples: [
        {
          walletId: '2a7d9c1e-4b3f-4e8a-9d6c-0f1e2d3c4b5a',
          address: CUSTOMER_WALLET,
          message: MESSAGE,
          proven: true,
          signature: SIGNATURE,
          verifiedAt: '2026-11-21T10:00:00.000Z',
        },
      ],
    }),
  ],
};
