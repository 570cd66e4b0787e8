import { UNKNOWN_RETURN_REASON } from '#shared/payouts/return-rules.ts';
import { SandboxFailBody, SandboxFaultsBody, SandboxFaultsSchema, SandboxReturnBody } from '#shared/payouts/schemas.ts';
import { NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { TRANSITION_REFUSED } from '#shared/transactions/lifecycle.ts';
import { sandboxTransactionRoute } from '#shared/transactions/sandbox-transaction-route.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';

/** The payouts rows of the route table: the sandbox's stand-ins for the bank and the payout's start (assembled in `#shared/routes.ts`). */
export const routes = {
  sandboxCompleteTransaction: {
    ...sandboxTransactionRoute(
      'payouts',
      'sandboxCompleteTransaction',
      'complete',
      'Sandbox: the payout of a PROCESSING withdrawal settles (COMPLETED)',
      NoBody,
    ),
    description:
      OPENAPI_PROSE &&
      'Sandbox payouts also settle by themselves a few seconds after they start (3 s by default, ' +
        '`SANDBOX_SETTLE_AFTER_S`): the sandbox bank answers their payment file. This settles one now the same way: ' +
        'a camt.054 booking its debit goes into the bank channel inbox and is applied like any bank report. The ' +
        'locked amount leaves the balance. A payout the batcher has not filed yet is filed first, alone, since a ' +
        'bank books only what it was sent (`/fail` does the same before its rejection).',
  },
  sandboxFailTransaction: sandboxTransactionRoute(
    'payouts',
    'sandboxFailTransaction',
    'fail',
    'Sandbox: the payout of a PROCESSING withdrawal fails (FAILED, reservation returned)',
    SandboxFailBody,
  ),
  sandboxReturnTransaction: {
    ...sandboxTransactionRoute(
      'payouts',
      'sandboxReturnTransaction',
      'return',
      'Sandbox: the bank returns a COMPLETED payout (FAILED, the USDC back in the balance)',
      SandboxReturnBody,
    ),
    description:
      OPENAPI_PROSE &&
      'Banks return payouts after booking them (a closed or blocked account, a wrong name), days later. This returns ' +
        'one the way a bank reports it: a camt.054 crediting the amount back with the return reason goes into the ' +
        'bank channel inbox and is applied like any bank report. The withdrawal goes from `COMPLETED` to `FAILED` ' +
        '(as a Stripe payout goes from `paid` to `failed`), `failureReason` gives the code and its meaning, the ' +
        "source amount is back in the customer's available balance (and in the API allowance, if the period that " +
        'counted it is still the current one), and `withdrawal.status_changed` carries `failure_reason`. Once: ' +
        'returning it again answers 409.',
    refusals: [TRANSACTION_NOT_FOUND, TRANSITION_REFUSED.withExample('FAILED', 'return'), UNKNOWN_RETURN_REASON],
  },
  sandboxSetFaults: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetFaults',
    method: 'POST',
    path: '/api/v2/sandbox/faults',
    handler: 'functions/api/payouts/set-faults.ts',
    summary: 'Sandbox: make the next n payout executions fail at start',
    description:
      OPENAPI_PROSE &&
      'Each armed fault fails one execution at start: the withdrawal goes back to `PROPOSED` and its reservations are ' +
        'released.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxFaultsBody },
    responses: { 200: SandboxFaultsSchema },
  }),
} satisfies Record<string, RouteDefinition>;
