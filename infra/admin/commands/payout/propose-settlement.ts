import { adminCommand } from '#infra/admin/command.ts';
import { approverOf, oneId, reasonOf, UsageError } from '#infra/admin/flags.ts';
import { systemClock } from '#shared/clock.ts';
import { cliOperatorOfPayout } from '#shared/payout-operations/operator.ts';
import { proposeSettlement } from '#shared/payout-operations/propose-settlement.ts';
import { settlementView } from '#shared/payout-operations/view.ts';

const OUTCOMES = ['COMPLETED', 'FAILED'] as const;

export const payoutProposeSettlement = adminCommand({
  name: 'payout propose-settlement',
  usage: [
    '<transactionId> --outcome COMPLETED|FAILED --reason <text> --as <email>',
    '[--completed-at <ISO time the bank booked it>]',
  ],
  note: 'another person approves it',
  flags: {
    outcome: { type: 'string' },
    reason: { type: 'string' },
    as: { type: 'string' },
    'completed-at': { type: 'string' },
  },
  async run({ values, positionals }, { db, config }) {
    const transactionId = oneId(positionals, 'transaction id');
    const outcome = OUTCOMES.find((candidate) => candidate === values.outcome);
    if (!outcome) throw new UsageError('--outcome takes COMPLETED or FAILED');
    const reason = reasonOf(values.reason);
    if (!reason) throw new UsageError('--reason is required: how the bank answered');
    const completedAt = values['completed-at'];
    if (completedAt !== undefined && Number.isNaN(Date.parse(completedAt))) {
      throw new UsageError('--completed-at takes an ISO 8601 time');
    }
    const deps = { db: db(), clock: systemClock, config: config() };
    const operator = await cliOperatorOfPayout(deps, transactionId, approverOf(values.as));
    const input = {
      transactionId,
      outcome,
      reason,
      ...(completedAt ? { completedAt: new Date(completedAt).toISOString() } : {}),
    };
    return settlementView(await proposeSettlement(deps, operator, input));
  },
});
