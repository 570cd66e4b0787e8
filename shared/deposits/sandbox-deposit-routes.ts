import { DEV_CHAIN_FAILED } from '#shared/deposits/inbound-rules.ts';
import { SandboxDepositBody } from '#shared/deposits/sandbox-deposit-schemas.ts';
import { sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';
import { DEPOSIT_FROZEN } from '#shared/screening/hold-rules.ts';
import { TransactionResponseSchema } from '#shared/transactions/schemas.ts';
import { WALLET_NOT_FOUND } from '#shared/wallets/wallet-rules.ts';

/**
 * USDC arriving on-chain in the sandbox: alone in its module, as its request is the deposits' one schema that parses
 * an address. Spread into the deposits' rows (`routes.ts`).
 */

export const sandboxDepositRoutes = defineRoutes('deposits', {
  sandboxDeposit: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/deposits',
    handler: 'functions/api/deposits/simulate-deposit.ts',
    successStatus: 201,
    access: { table: 'readwrite', sanctionsLists: true },
    request: { body: SandboxDepositBody },
    responses: { 201: TransactionResponseSchema },
    refusals: [WALLET_NOT_FOUND, DEV_CHAIN_FAILED, DEPOSIT_FROZEN],
  },
});
