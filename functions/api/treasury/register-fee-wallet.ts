import { auditedAs } from '#shared/console/common/console-rules.ts';
import { apiHandler } from '#shared/http/api-handler.ts';
import { registerFeeWallet } from '#shared/treasury/register-fee-wallet.ts';
import { routes } from '#shared/treasury/routes.ts';

export const handler = apiHandler(routes.consoleRegisterFeeWallet, ({ deps, auth, actor, body }) =>
  registerFeeWallet(
    deps,
    { organizationId: auth.organizationId, ...body, registeredBy: actor.member.email },
    auditedAs(deps, actor, 'fee-wallet.registered'),
  ),
);
