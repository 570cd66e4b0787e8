import { DEV_CHAIN_FAILED } from '#shared/deposits/inbound-rules.ts';
import { SandboxDepositBody } from '#shared/deposits/sandbox-deposit-schemas.ts';
import { sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoute, OPENAPI_PROSE, type RouteDefinition } from '#shared/routing/route.ts';
import { DEPOSIT_FROZEN } from '#shared/screening/hold-rules.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

/**
 * USDC arriving on-chain in the sandbox: alone in its module, as its request is the deposits' one schema that parses
 * an address. Spread into the deposits' rows (`routes.ts`).
 */

export const sandboxDepositRoutes = {
  sandboxDeposit: defineRoute({
    ...sandboxRoute,
    operationId: 'sandboxDeposit',
    method: 'POST',
    path: '/api/v2/sandbox/deposits',
    handler: 'functions/api/deposits/simulate-deposit.ts',
    summary:
      'Sandbox: USDC arrives on-chain at an address (a forwarding WITHDRAWAL from a bank deposit wallet, else a DEPOSIT)',
    description:
      OPENAPI_PROSE &&
      'On `npm start` a real USDC test-token transfer to the address on the local chain, reported to the same ' +
        'ingestion the chain watcher uses; elsewhere (or with a `txHash`) the report alone. Only deposit addresses ' +
        'the platform derived are credited: at a bank deposit wallet whose bank is `ACTIVE`, 5 USDC or more become a ' +
        '`WITHDRAWAL` to that bank (`PROCESSING` at once, settled like any sandbox payout); less, or a bank not ' +
        '`ACTIVE`: a `COMPLETED` `DEPOSIT` to the balance. A destination wallet is credited nothing (404). One ' +
        'transfer is recorded once: reporting it again answers the same transaction with `Idempotent-Replayed: true`. ' +
        '503 when the local chain does not answer.',
    successStatus: 201,
    access: { table: 'readwrite' },
    request: { body: SandboxDepositBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [WALLET_NOT_FOUND, DEV_CHAIN_FAILED, DEPOSIT_FROZEN],
  }),
} satisfies Record<string, RouteDefinition>;
