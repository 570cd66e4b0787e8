import { CUSTOMER_DISABLED } from '#shared/customers/customer-rules.ts';
import { toKyc } from '#shared/customers/kyc-view.ts';
import type { routes } from '#shared/customers/routes.ts';
import {
  AddressInputSchema,
  CreateCustomerBody,
  CustomerSchema,
  DisableCustomerBody,
  DocumentFormFields,
  DocumentUploadedSchema,
  KycLinkSchema,
  KycSubmittedSchema,
  ListCustomersQuery,
  SandboxKycApproveBody,
  SandboxKycLevelBody,
  UpdateCustomerBody,
} from '#shared/customers/schemas.ts';
import { type FolderProse, schemaProse } from '#shared/routing/prose.ts';

export const CUSTOMER_EXAMPLE = {
  customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  accountType: 'individual',
  expectedMonthlyVolume: 2500,
  kycVerified: false,
  kyc: toKyc({ kycStatus: 'NOT_STARTED' }),
  kycStatus: 'NOT_STARTED',
  verifiedName: null,
  address: null,
  enabled: true,
  createdAt: '2026-11-21T10:00:00.000Z',
};

/** The customers words of the OpenAPI document (shared/routing/prose.ts). */
export const openApiProse: FolderProse<typeof routes> = {
  operations: {
    createCustomer: {
      summary: 'Create a customer',
      description:
        'The customer starts with `kycStatus: NOT_STARTED`. Next comes KYC: `POST /customers/{customerId}/kyc` gives ' +
        'the hosted verification link (in the sandbox, `POST /sandbox/customers/{customerId}/kyc/approve` decides at ' +
        'once). KYC records the verified name; every withdrawal bank of the customer must be in that name.',
    },
    listCustomers: { summary: 'List customers, newest first (search: name or e-mail, any letter case)' },
    getCustomer: { summary: 'Get a customer' },
    updateCustomer: {
      summary: "Change a customer's name, e-mail or expected monthly volume",
      description:
        'Any of the three fields; what really changes is stored and `customer.updated {customerId, changedFields}` ' +
        'is sent (nothing is sent when every value is the current one). The KYC-verified name does not change: ' +
        "withdrawal banks keep matching it. Not on Compose's public pages; its `customer.updated` event names these " +
        'fields.',
    },
    disableCustomer: {
      summary: 'Disable a customer: no new banks, deposit details, virtual accounts or withdrawals',
      description:
        `From now on those operations answer 403 \`${CUSTOMER_DISABLED.message}\`; reads go on, withdrawals already under way ` +
        'finish, and USDC arriving at the customer’s deposit addresses is still credited (never forwarded). Sends ' +
        '`customer.disabled` (with `reason` when given); disabling a disabled customer changes nothing.',
    },
    enableCustomer: {
      summary: 'Enable a disabled customer again',
      description: 'Sends `customer.enabled`; enabling an enabled customer changes nothing.',
    },
    initiateKyc: {
      summary: 'Start KYC and get the hosted verification link',
      description:
        'Moves `NOT_STARTED` or `REJECTED` to `PENDING` and returns the link to send the customer to; an approved ' +
        'customer gets `{kycVerified: true, kycFlowLink: null}`. Individuals only (a corporate is a 400).',
    },
    submitKyc: {
      summary: 'Submit KYC for review (the fallback when the hosted flow did not submit)',
      description:
        'Allowed after `POST /customers/{customerId}/kyc` (400 before) or after a rejection, to try again; never ' +
        'while a review is under way or once approved (409), and at most 4 times (409). The customer becomes ' +
        '`PENDING` in review (`kyc.stepsStatus: pending`, `kyc.attempts` counted) and `customer.kyc.submitted` is ' +
        'sent with `attempt`; the verdict comes as `customer.kyc.approved` or `customer.kyc.rejected` (sandbox: ' +
        '`POST /sandbox/customers/{customerId}/kyc/approve` or `/reject`).',
    },
    uploadCustomerDocument: {
      summary: 'Upload a KYC document (multipart/form-data)',
      description:
        'A `multipart/form-data` body with the file in `file` (JPEG, PNG or PDF, recognized by its content whatever ' +
        'its name or declared type; at most 10 MB: 413 beyond), `idDocType`, `idDocSubType` (the side, for ID_CARD ' +
        'and DRIVERS) and `country`. Allowed after `POST /customers/{customerId}/kyc` (400 before), never while a ' +
        'review is under way (409 `Verification already in progress for this customer`) or once approved (409). The ' +
        "file is stored encrypted and private; the customer's `kyc.steps` show it (`uploaded`). The upload that " +
        'completes the steps (an identity document, both sides of a two-sided one, and a proof of address) submits ' +
        'the KYC for review as `POST .../kyc/submit` does: `reviewTriggered: true`, `customer.kyc.submitted`. In AWS ' +
        "a Lambda function receives at most 6 MB per request, so a deployment's largest file is about 4 MB.",
      examples: {
        responses: {
          400: { error: 'file: Must be a JPEG, PNG or PDF file (recognized by its content)' },
          413: { error: 'file exceeds 10 MB' },
        },
      },
    },
    getKycAddress: { summary: "Get the customer's verified address" },
    sandboxChangeKycLevel: {
      summary: 'Sandbox: the KYC provider moves the customer to another level',
      description:
        'Stands in for the provider: `kyc.levelName` becomes `levelName` and `customer.kyc.level_changed` is sent ' +
        'with `previous_level` and `new_level`; the level the customer is at changes nothing.',
    },
    sandboxApproveKyc: {
      summary: 'Sandbox: approve KYC with a verified name and address',
      description:
        'Stands in for the KYC provider: the customer becomes `APPROVED` with `verifiedName` (default: its `name`) and ' +
        'the address (default: the one on file, else a sample address). Send the name the withdrawal banks will ' +
        'carry: a `CUSTOMER` bank whose `beneficiaryName` does not match it is refused with a 400. Works from any ' +
        'status but `APPROVED` (409); sends `customer.kyc.approved`.',
      examples: {
        responses: {
          200: {
            customerId: '3b241101-e2bb-4255-8caf-4136c566a962',
            name: 'Ada Lovelace',
            email: 'ada@example.com',
            accountType: 'individual',
            expectedMonthlyVolume: 2500,
            kycVerified: true,
            kyc: toKyc({ kycStatus: 'APPROVED' }),
            kycStatus: 'APPROVED',
            verifiedName: 'Ada Lovelace',
            address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
            enabled: true,
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        },
      },
    },
    sandboxRejectKyc: {
      summary: 'Sandbox: reject KYC',
      description: 'Works from `NOT_STARTED` or `PENDING` (409 otherwise); sends `customer.kyc.rejected`.',
    },
  },
  schemas: [
    schemaProse(AddressInputSchema, {
      id: 'AddressInput',
      shape: {
        addressLine1: { description: 'Street and house number', examples: ['Friedrichstraße 123'] },
        city: { description: 'City or town', examples: ['Berlin'] },
        postalCode: { description: 'Postal code as the country writes it', examples: ['10117'] },
      },
    }),
    schemaProse(CreateCustomerBody, {
      id: 'CreateCustomerRequest',
      examples: [
        { name: 'Ada Lovelace', accountType: 'individual', email: 'ada@example.com', expectedMonthlyVolume: 2500 },
      ],
      shape: {
        name: {
          description:
            "The customer's name (trimmed, inner whitespace folded). KYC records the verified name, which every " +
            "withdrawal bank's `beneficiaryName` must then match.",
        },
        email: { description: "The customer's e-mail address" },
        expectedMonthlyVolume: {
          description:
            'Expected monthly payout volume in USD: a JSON number as Compose sends it (`25000`) or a decimal string ' +
            '(`"25000.00"`), positive, at most 2 decimals; answered as a JSON number',
          examples: [25000],
        },
        accountType: { description: '`individual` (a person) or `corporate` (a company)' },
        address: {
          description:
            "Corporates only: the registered business address, used for their withdrawal banks (an individual's " +
            'address comes from KYC; sending one is a 400)',
        },
      },
    }),
    schemaProse(UpdateCustomerBody, { id: 'UpdateCustomerRequest', examples: [{ email: 'ada.lovelace@example.com' }] }),
    schemaProse(CustomerSchema, {
      id: 'Customer',
      examples: [CUSTOMER_EXAMPLE],
      shape: {
        enabled: {
          description: 'False once disabled: reads go on, new banks, deposits and withdrawals are refused (403)',
        },
      },
    }),
    schemaProse(KycLinkSchema, {
      id: 'KycLink',
      examples: [
        {
          kycVerified: false,
          kycFlowLink:
            'https://kyc.sandbox.payouts.dev/flow/3b241101-e2bb-4255-8caf-4136c566a962?session=Xq3v9TzR1bWk7LmN2pYd8sAe',
        },
      ],
    }),
    schemaProse(KycSubmittedSchema, {
      id: 'KycSubmitted',
      examples: [{ success: true, message: 'KYC verification submitted for review successfully.' }],
    }),
    schemaProse(SandboxKycLevelBody, {
      examples: [{ levelName: 'customers-api-enhanced' }],
      shape: { levelName: { description: 'The level the provider verified the customer for' } },
    }),
    schemaProse(DisableCustomerBody, {
      id: 'DisableCustomerRequest',
      examples: [{ reason: 'Suspected fraud' }],
      shape: {
        reason: { description: 'Why, for your records: sent in `customer.disabled`', examples: ['Suspected fraud'] },
      },
    }),
    schemaProse(DocumentFormFields, {
      examples: [{ idDocType: 'PASSPORT', country: 'GBR' }],
      shape: {
        idDocType: {
          description:
            'PASSPORT, ID_CARD and DRIVERS (both sides, one upload each), RESIDENCE_PERMIT: the identity step; ' +
            'PROOF_OF_ADDRESS (dated within 3 months): the proof-of-address step',
          examples: ['PASSPORT'],
        },
        idDocSubType: { description: 'The side: required for ID_CARD and DRIVERS', examples: ['FRONT_SIDE'] },
        country: {
          description: 'The issuing country, ISO 3166-1 alpha-3 (any letter case; answered upper-case)',
          examples: ['GBR'],
        },
      },
    }),
    schemaProse(DocumentUploadedSchema, {
      id: 'DocumentUploaded',
      examples: [{ success: true, idDocType: 'PASSPORT', idDocSubType: null, country: 'GBR', reviewTriggered: false }],
      shape: {
        reviewTriggered: {
          description:
            'This upload completed the steps (identity, every side; proof of address) and submitted the KYC for ' +
            'review, as `POST .../kyc/submit` would (`customer.kyc.submitted` is sent)',
        },
      },
    }),
    schemaProse(SandboxKycApproveBody, {
      id: 'SandboxKycApproveRequest',
      examples: [
        {
          verifiedName: 'Ada Lovelace',
          address: { addressLine1: 'Friedrichstraße 123', city: 'Berlin', country: 'DE', postalCode: '10117' },
        },
      ],
      shape: {
        verifiedName: {
          description:
            "The name the KYC provider verified; defaults to the customer's `name`. Withdrawal banks of recipient " +
            'type `CUSTOMER` must be in this name.',
          examples: ['Ada Lovelace'],
        },
        address: {
          description:
            "The verified address; defaults to the customer's address on file, else a sample address in Berlin. " +
            'Withdrawal banks of the customer take their address from it.',
        },
      },
    }),
    schemaProse(ListCustomersQuery, {
      shape: {
        search: {
          description:
            'Only customers whose name or e-mail contains this text, in any letter case (`ada`, `@example.com`). A ' +
            'filter over the newest-first list: a page may hold fewer items than `limit` and still link to the next.',
          examples: ['lovelace'],
        },
      },
    }),
  ],
};
