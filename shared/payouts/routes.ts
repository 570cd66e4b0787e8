import { UNKNOWN_RETURN_REASON } from '#shared/payouts/return-rules.ts';
import { SandboxFailBody, SandboxFaultsBody, SandboxFaultsSchema, SandboxReturnBody } from '#shared/payouts/schemas.ts';
import { NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { TRANSITION_REFUSED } from '#shared/transactions/lifecycle.ts';
import { sandboxTransactionRoute } from '#shared/transactions/sandbox-transaction-route.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/** The payouts rows of the route table: the sandbox's stand-ins for the bank and the payout's start (assembled in `#shared/routes.ts`). */
export const routes = defineRoutes('payouts', {
  sandboxCompleteTransaction: {
    ...sandboxTransactionRoute('payouts', 'complete', NoBody),
  },
  sandboxFailTransaction: sandboxTransactionRoute('payouts', 'fail', SandboxFailBody),
  sandboxReturnTransaction: {
    ...sandboxTransactionRoute('payouts', 'return', SandboxReturnBody),
    refusals: [TRANSACTION_NOT_FOUND, TRANSITION_REFUSED.withExample('FAILED', 'return'), UNKNOWN_RETURN_REASON],
  },
  sandboxSetFaults: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/faults',
    handler: 'functions/api/payouts/set-faults.ts',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxFaultsBody },
    responses: { 200: SandboxFaultsSchema },
  },
});
