import { BANK_EXISTS } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { customerRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/**
 * Adding a withdrawal bank: alone in its module, as its request is the banks' one schema that checks an IBAN, a BIC
 * and the rail's fields. Spread into the banks' rows (`routes.ts`).
 */
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;

export const bankRegistrationRoutes = {
  // Withdrawal banks: a customer's bank accounts, their deposit wallets, and the sandbox review.
  createWithdrawalBank: defineRoute({
    ...bankRoute,
    operationId: 'createWithdrawalBank',
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/create-bank.ts',
    summary: 'Add a withdrawal bank, with one deposit wallet per supported chain',
    description:
      OPENAPI_PROSE &&
      [
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
    successStatus: 201,
    access: { table: 'readwrite', payeeVerification: true },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: { 201: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_EXISTS],
  }),
} satisfies Record<string, RouteDefinition>;
