import { adminCommand } from '#infra/admin/command.ts';
import { approverOf, oneId, reasonOf } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { decideSettlement } from '#shared/payout-operations/decide-settlement.ts';
import { cliOperatorOfPayout } from '#shared/payout-operations/operator.ts';

export const payoutRejectSettlement = adminCommand({
  name: 'payout reject-settlement',
  usage: '<transactionId> --as <email> [--reason <text>]',
  note: 'the payout stays as it is',
  flags: { as: { type: 'string' }, reason: { type: 'string' } },
  async run({ values, positionals }, { db, config }) {
    const transactionId = oneId(positionals, 'transaction id');
    const deps = { db: db(), clock: systemClock, config: config() };
    const operator = await cliOperatorOfPayout(deps, transactionId, approverOf(values.as));
    return decideSettlement(deps, operator, { transactionId, decision: 'reject', reason: reasonOf(values.reason) });
  },
});
