import { FOREIGN_REFERENCE, NO_RECEIVING_ACCOUNT, PAY_IN_NOT_APPLIED } from '#shared/deposits/sandbox-pay-in-rules.ts';
import { SandboxPayInBody, SandboxPayInSchema } from '#shared/deposits/sandbox-pay-in-schemas.ts';
import { sandboxRoute } from '#shared/routing/presets.ts';
import { defineRoutes } from '#shared/routing/route.ts';

/** The sandbox bank's pay-in (`sandbox-pay-in.ts`): a bank transfer booked to the receiving account. */
export const sandboxPayInRoutes = defineRoutes('deposits', {
  sandboxPayIn: {
    ...sandboxRoute,
    method: 'POST',
    path: '/api/v2/sandbox/bank-credits',
    handler: 'functions/api/deposits/sandbox-pay-in.ts',
    successStatus: 201,
    access: { table: 'readwrite', bankChannel: 'reports' },
    request: { body: SandboxPayInBody },
    responses: { 201: SandboxPayInSchema },
    refusals: [FOREIGN_REFERENCE, NO_RECEIVING_ACCOUNT, PAY_IN_NOT_APPLIED],
  },
});
