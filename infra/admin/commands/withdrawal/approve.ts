import { adminCommand } from '#infra/admin/command.ts';
import { approverOf, oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { decideAsOperator } from '#shared/console/approvals/decide-as-operator.ts';

export const withdrawalApprove = adminCommand({
  name: 'withdrawal approve',
  usage: '<transactionId> --as <email> [--reason <text>]',
  note: "recorded as the operator's: operator:<email>",
  flags: { as: { type: 'string' }, reason: { type: 'string' } },
  run({ values, positionals }, { db, config }) {
    const transactionId = oneId(positionals, 'transaction id');
    const operator = approverOf(values.as);
    return decideAsOperator(
      { db: db(), clock: systemClock, config: config() },
      { transactionId, operator, decision: 'approve', reason: values.reason },
    );
  },
});
