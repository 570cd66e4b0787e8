import { BANK_EXISTS } from '#shared/banks/bank-rules.ts';
import { BankSchema } from '#shared/banks/bank-view.ts';
import { CreateBankBody } from '#shared/banks/schemas.ts';
import { CUSTOMER_NOT_FOUND } from '#shared/customers/customer-rules.ts';
import { customerRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { CustomerIdParams } from '#shared/routing/schemas.ts';

/**
 * Adding a withdrawal bank: alone in its module, as its request is the banks' one schema that checks an IBAN, a BIC
 * and the rail's fields. Spread into the banks' rows (`routes.ts`).
 */
const bankRoute = { ...customerRoute, tag: 'Withdrawal banks' } as const;

export const bankRegistrationRoutes = defineRoutes('banks', {
  // Withdrawal banks: a customer's bank accounts, their deposit wallets, and the sandbox review.
  createWithdrawalBank: {
    ...bankRoute,
    method: 'POST',
    path: '/api/v2/customers/{customerId}/withdrawal/banks',
    handler: 'functions/api/banks/create-bank.ts',
    successStatus: 201,
    access: { table: 'readwrite', payeeVerification: true, sanctionsLists: true },
    request: { params: CustomerIdParams, body: CreateBankBody },
    responses: { 201: BankSchema },
    refusals: [CUSTOMER_NOT_FOUND, BANK_EXISTS],
  },
});
