import { SandboxFailBody, SandboxFaultsBody, SandboxFaultsSchema } from '#shared/payouts/schemas.ts';
import { NoBody, sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, type RouteDefinition } from '#shared/routing/route.ts';
import { sandboxTransactionRoute } from '#shared/transactions/sandbox-transaction-route.ts';

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
      'Sandbox payouts also settle by themselves a few seconds after they start (3 s by default, ' +
      '`SANDBOX_SETTLE_AFTER_S`): the sandbox bank answers their payment file. This settles one now the same way: ' +
      'a camt.054 booking its debit goes into the bank channel inbox and is applied like any bank report. The ' +
      'locked amount leaves the balance.',
  },
  sandboxFailTransaction: sandboxTransactionRoute(
    'payouts',
    'sandboxFailTransaction',
    'fail',
    'Sandbox: the payout of a PROCESSING withdrawal fails (FAILED, reservation returned)',
    SandboxFailBody,
  ),
  sandboxSetFaults: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxSetFaults',
    method: 'POST',
    path: '/api/v2/sandbox/faults',
    handler: 'functions/api/payouts/set-faults.ts',
    summary: 'Sandbox: make the next n payout executions fail at start',
    description:
      'Each armed fault fails one execution at start: the withdrawal goes back to `PROPOSED` and its reservations are ' +
      'released.',
    successStatus: 200,
    access: { table: 'readwrite' },
    request: { body: SandboxFaultsBody },
    responses: { 200: SandboxFaultsSchema },
  }),
} satisfies Record<string, RouteDefinition>;
