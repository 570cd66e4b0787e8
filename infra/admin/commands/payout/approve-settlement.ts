import { adminCommand } from '#infra/admin/command.ts';
import { approverOf, oneId } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { decideSettlement } from '#shared/payout-operations/decide-settlement.ts';
import { cliOperatorOfPayout } from '#shared/payout-operations/operator.ts';

export const payoutApproveSettlement = adminCommand({
  name: 'payout approve-settlement',
  usage: '<transactionId> --as <email>',
  note: 'not by who proposed it; moves it as a bank report',
  flags: { as: { type: 'string' } },
  async run({ values, positionals }, { db, config }) {
    const transactionId = oneId(positionals, 'transaction id');
    const deps = { db: db(), clock: systemClock, config: config() };
    const operator = await cliOperatorOfPayout(deps, transactionId, approverOf(values.as));
    return decideSettlement(deps, operator, { transactionId, decision: 'approve' });
  },
});
