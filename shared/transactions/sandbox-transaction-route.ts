import { sandboxRoute } from '#shared/routing/presets.ts';
import type { RouteRow } from '#shared/routing/route.ts';
import { TRANSITION_REFUSED } from '#shared/transactions/lifecycle.ts';
import { SandboxTransactionParams, TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { TRANSACTION_NOT_FOUND } from '#shared/transactions/transaction-rules.ts';
import type * as z from '#shared/validation/zod.ts';

/**
 * `POST /sandbox/transactions/{transactionId}/<action>`: the sandbox's stand-ins for approvers (withdrawals) and the
 * payout rail (payouts); the handler is `functions/api/<area>/<action>-transaction.ts`.
 */
export const sandboxTransactionRoute = <
  const Area extends string,
  const A extends 'approve' | 'reject' | 'complete' | 'fail' | 'expire' | 'return',
  const B extends z.ZodMiniType,
>(
  area: Area,
  action: A,
  body: B,
) =>
  ({
    ...sandboxRoute,
    method: 'POST',
    path: `/api/v2/sandbox/transactions/{transactionId}/${action}` as const,
    handler: `functions/api/${area}/${action}-transaction.ts` as const,
    successStatus: 200,
    // complete, fail and return write the bank's report into the bank channel inbox and apply it, as the bank would.
    access:
      action === 'complete' || action === 'fail' || action === 'return'
        ? { table: 'readwrite', bankChannel: 'reports' }
        : { table: 'readwrite' },
    request: { params: SandboxTransactionParams, body },
    responses: { 200: TransactionResponseSchema },
    refusals: [TRANSACTION_NOT_FOUND, TRANSITION_REFUSED.withExample('COMPLETED', action)],
  }) satisfies RouteRow;
