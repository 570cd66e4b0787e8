import { BankSchema } from '#shared/banks/bank-view.ts';
import { PayeeVerificationSchema, PrenoteSchema } from '#shared/banks/payee-schemas.ts';
import { CustomerBankParams, SandboxRejectBankBody } from '#shared/banks/registered-bank-schemas.ts';
import type { routes } from '#shared/banks/routes.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { SEPA, SWIFT } from '#shared/rails/bank/rail.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

export const BANK_EXAMPLE = {
  id: '9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60',
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  beneficiaryName: 'Ada Lovelace',
  currency: 'EUR',
  paymentRail: SEPA,
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  accountNumber: null,
  routingNumber: null,
  bankName: null,
  bankAddress: null,
  bankCountry: null,
  addressLine1: 'Friedrichstraße 123',
  city: 'Berlin',
  postalCode: '10117',
  country: 'DE',
  recipientType: 'CUSTOMER',
  recipientEmail: null,
  notificationEnabled: false,
  status: 'ACTIVE',
  rejectionReason: null,
  payeeVerification: {
    result: 'MATCH',
    matchedName: null,
    reason: null,
    source: 'bank',
    checkedAt: '2026-11-21T10:00:00.000Z',
    confirmation: 'NOT_NEEDED',
    decidedBy: null,
    decidedAt: null,
  },
  prenote: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  wallets: [
    {
      id: '0f8e2a44-7b0c-4d8e-9a61-5c3b2e1d0a99',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      currency: 'usdc',
      chain: 'base',
      enabled: true,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      instructions:
        'Send USDC on Base to this address to automatically receive funds in your bank account. Minimum: 5 USDC.',
    },
  ],
};

/** The banks words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    createWithdrawalBank: {
      summary: 'Add a withdrawal bank, with one deposit wallet per supported chain',
      description: [
        'EUR banks take `iban` and `bic` (SEPA), USD banks `accountNumber` and `routingNumber` (Fedwire); the other',
        "currency's fields are refused by name. Checked in this order: the shape (400), the customer (404), its KYC",
        '(403 until approved), for `CUSTOMER` banks the name match, then duplicates (409: one bank per account and',
        "customer).\n\n**Name matching**: a `CUSTOMER` bank's `beneficiaryName` must match the KYC verified name",
        '(`verifiedName`). Case, accents, repeated spaces, punctuation and word order are ignored (`Doe, Jane` =',
        '`Jane Doe`, `Müller` = `Mueller`); an initial may stand for a word (`J. Doe` = `Jane Doe`) if one full word',
        'matches; every word must be accounted for (a left-out middle name is a mismatch: 400',
        "`beneficiaryName: Beneficiary name does not match the customer's verified name`). Corporates may drop one",
        'legal form (GmbH, Ltd, Inc, ...).\n\n`CUSTOMER` banks are `ACTIVE` at once; `OTHER_INDIVIDUAL` and `OTHER_BUSINESS`',
        'banks are `PENDING` until reviewed. The bank gets one USDC deposit wallet per supported chain: USDC sent there',
        'is paid out to the bank (enabled while the bank is `ACTIVE`).',
        "\n\n**Verification of Payee** (EUR banks): the payee's bank is asked whether `beneficiaryName` holds the IBAN;",
        'the answer is `payeeVerification`. `CLOSE_MATCH` (with the name the bank holds) and `NO_MATCH` keep the bank',
        '`PENDING` until a member confirms or rejects it in the console; withdrawals to it are refused meanwhile (409).',
        'Sandbox: a name containing "Close Match", "No Match" or "Unavailable" gives that answer, any other `MATCH`;',
        'USD banks are `NOT_APPLICABLE`.',
      ].join(' '),
    },
    listWithdrawalBanks: { summary: "List a customer's withdrawal banks, newest first" },
    getWithdrawalBank: { summary: 'Get a withdrawal bank' },
    requestWithdrawalBankPrenote: {
      summary: 'Send an ACH prenote to a USD bank: a zero-dollar entry its bank returns if the account is wrong',
      description: [
        "For organizations whose USD payout account pays by ACH: the bank's `prenote` becomes `REQUESTED` and goes",
        'out in the next NACHA file (transaction code 23, amount 0); `SENT`, then `CONFIRMED` when no return arrives',
        'within `ACH_PRENOTE_WAIT_DAYS` banking days (3, as NACHA), or `FAILED` with the return code (R03, R04, ...).',
        'Withdrawals are not held meanwhile. 409 for EUR, SWIFT or non-ACH organizations, and while one is outstanding.',
      ].join(' '),
    },
    sandboxApproveWithdrawalBank: {
      summary: 'Sandbox: approve a PENDING withdrawal bank (it becomes ACTIVE, its deposit wallets enabled)',
      description: 'Stands in for the review of third-party banks; only a `PENDING` bank (409 otherwise).',
    },
    sandboxRejectWithdrawalBank: { summary: 'Sandbox: reject a PENDING withdrawal bank, optionally with a reason' },
  },
  schemas: [
    schemaProse(BankSchema, { id: 'WithdrawalBank', examples: [BANK_EXAMPLE] }),
    schemaProse(PayeeVerificationSchema, {
      innerType: {
        id: 'PayeeVerification',
        description: [
          "Verification of Payee: the payee's bank's answer to whether `beneficiaryName` holds the IBAN (EUR banks).",
          '`result`: MATCH (the bank goes on as usual), CLOSE_MATCH (`matchedName` is the name the bank holds),',
          "NO_MATCH, NOT_POSSIBLE (the payee's bank could not answer; `reason`), NOT_APPLICABLE (USD banks: no scheme",
          'checks US accounts; `reason`). CLOSE_MATCH and NO_MATCH (NOT_POSSIBLE as the deployment is set up) keep',
          'the bank `PENDING` with `confirmation: AWAITING` until a member confirms or rejects it with a passkey in the',
          'console ("Banks to confirm"); meanwhile withdrawals to it are refused (409). `source`: `bank`, `sandbox`',
          '(sandbox organizations: a name containing "Close Match", "No Match" or "Unavailable" gives that answer,',
          'any other MATCH) or `none`.',
        ].join(' '),
        examples: [
          {
            result: 'CLOSE_MATCH',
            matchedName: 'Ada Lovelace',
            reason: null,
            source: 'sandbox',
            checkedAt: '2026-11-21T10:00:00.000Z',
            confirmation: 'AWAITING',
            decidedBy: null,
            decidedAt: null,
          },
        ],
      },
    }),
    schemaProse(PrenoteSchema, {
      innerType: {
        id: 'Prenote',
        description: [
          'ACH prenote (USD banks of organizations paying USD by ACH): a zero-dollar entry to the account, requested',
          'with `POST .../withdrawal/banks/{bankId}/prenote`. REQUESTED: in the next NACHA file; SENT: out (`fileId`,',
          '`sentAt`), CONFIRMED once `confirmAfter` passes without a return; FAILED: the receiving bank returned it',
          '(`returnCode`, `reason`, e.g. `R03: No account/unable to locate account`). The bank is not held meanwhile.',
        ].join(' '),
        examples: [
          {
            status: 'SENT',
            reference: 'PN-3F9A0C12B7E4',
            requestedAt: '2026-11-23T10:00:00.000Z',
            fileId: '0f3c9a8e5b7d4c1a9e2f6b8d0c4a7e13',
            sentAt: '2026-11-23T10:00:05.000Z',
            confirmAfter: '2026-11-27T23:59:59.999Z',
            returnCode: null,
            reason: null,
            settledAt: null,
          },
        ],
      },
    }),
    schemaProse(CustomerBankParams, {
      shape: {
        customerId: {
          description: 'The customer the bank belongs to',
          examples: ['3b241101-e2bb-4255-8caf-4136c566a962'],
        },
        bankId: {
          description: 'The `id` that adding the withdrawal bank returned',
          examples: ['9d3c6f0e-5a1b-4c7e-8f2a-1b2c3d4e5f60'],
        },
      },
    }),
    schemaProse(SandboxRejectBankBody, {
      id: 'SandboxRejectBankRequest',
      examples: [{ reason: 'Beneficiary could not be verified' }],
      shape: { reason: { description: 'Why the bank was refused; shown as `rejectionReason` and in the event' } },
    }),
    schemaProse(CreateBankBody, {
      id: 'CreateWithdrawalBankRequest',
      examples: [
        { beneficiaryName: 'Ada Lovelace', currency: 'EUR', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
        {
          beneficiaryName: 'Ada Lovelace',
          currency: 'USD',
          accountNumber: '000123456789',
          routingNumber: '021000021',
        },
        {
          beneficiaryName: 'Ada Lovelace',
          currency: 'USD',
          paymentRail: SWIFT,
          accountNumber: '000123456789',
          bic: 'CHASUS33',
          bankName: 'JPMorgan Chase Bank, N.A.',
          bankAddress: '383 Madison Avenue, New York, NY 10179',
          bankCountry: 'US',
        },
      ],
      in: {
        shape: {
          beneficiaryName: {
            description:
              'The account holder. For `CUSTOMER` banks it must match the KYC verified name (`verifiedName`): case, ' +
              'accents, punctuation and word order are ignored, an initial may stand for a word, but every word must be ' +
              'accounted for; a mismatch is a 400.',
            examples: ['Ada Lovelace'],
          },
          currency: {
            description:
              '`EUR` (SEPA: IBAN and BIC) or `USD` (Fedwire: account and routing number); SWIFT, in either: account ' +
              "number or IBAN, BIC and the bank's name, address and country. Defaults to EUR.",
          },
          paymentRail: {
            description:
              '`SEPA` (EUR), `FEDWIRE` (USD) or `SWIFT` (USD, or EUR to a bank outside SEPA), as Compose takes it; ' +
              'without it a currency takes its domestic ' +
              'rail (EUR SEPA, USD FEDWIRE). SWIFT banks are reviewed: they are created `PENDING` and become `ACTIVE` ' +
              'with `withdrawal_bank.approved`.',
          },
          iban: {
            description: 'EUR banks: the IBAN, spaces and letter case ignored (checked: length, structure, mod-97)',
            examples: ['DE89 3704 0044 0532 0130 00'],
          },
          bic: {
            description: 'EUR banks: the BIC, 8 or 11 characters, its country an ISO 3166-1 code',
            examples: ['COBADEFFXXX'],
          },
          accountNumber: {
            description:
              'FEDWIRE banks: the account number, 4 to 17 digits; SWIFT banks: 4 to 17 digits or an IBAN (as ' +
              "Compose's SWIFT body carries it)",
            examples: ['000123456789'],
          },
          routingNumber: {
            description: 'USD banks: the 9-digit ABA routing number (checksum checked)',
            examples: ['021000021'],
          },
          bankName: {
            description: "SWIFT banks (required): the beneficiary bank's name",
            examples: ['JPMorgan Chase Bank, N.A.'],
          },
          bankAddress: {
            description: "SWIFT banks (required): the beneficiary bank's address",
            examples: ['383 Madison Avenue, New York, NY 10179'],
          },
          bankCountry: {
            description: "SWIFT banks (required): the beneficiary bank's country, as a code or a name",
            examples: ['US'],
          },
          recipientType: {
            description:
              "`CUSTOMER`: the customer's own account, name-matched and ACTIVE at once; `OTHER_INDIVIDUAL` or " +
              '`OTHER_BUSINESS`: a third party, PENDING until reviewed, address required',
          },
          addressLine1: {
            description:
              "The beneficiary's street address. Required for `OTHER_*` recipients; for `CUSTOMER` send it with " +
              "`city` or leave both out (the customer's verified address is used)",
          },
          city: { description: "The beneficiary's city; required together with `addressLine1`" },
          postalCode: {
            description:
              "Optional, not in Compose: the post code of the beneficiary's address, written into the structured " +
              "address of SWIFT and Fedwire files; a `CUSTOMER` bank without an address takes the verified one's",
            examples: ['10117'],
          },
          country: {
            description:
              "ISO 3166-1 alpha-2 code of the beneficiary's address; defaults to the customer's address, then the IBAN's " +
              'country (EUR) or US (USD)',
          },
          recipientEmail: { description: "The beneficiary's e-mail address, if known" },
          notificationEnabled: {
            description: 'Whether the beneficiary is to be notified of payouts (stored and returned)',
          },
        },
      },
    }),
  ],
};
