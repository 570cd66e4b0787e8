import { BANK_TRANSITIONS, bankEvent, requireBank } from '#shared/banks/bank-rules.ts';
import type { BankStatus } from '#shared/banks/records.ts';
import { BankStateChangedError, decideBank } from '#shared/banks/repository.ts';
import { auditItem, type ConsoleActor, memberActor } from '#shared/console/common/console-rules.ts';
import { KYC_TRANSITIONS } from '#shared/customers/records.ts';
import { CustomerStateChangedError, changeKycStatus, getCustomer } from '#shared/customers/repository.ts';
import { type GuardedItem, WriteConditionFailedError, writeGuarded } from '#shared/db/guarded-write.ts';
import { ingestInboundTransfer } from '#shared/deposits/ingest-inbound-transfer.ts';
import type { Deps } from '#shared/deps.ts';
import { eventRecord } from '#shared/events/outbox.ts';
import type { Transition } from '#shared/events/status-change.ts';
import type { Chain } from '#shared/money/chains.ts';
import { getHold, holdDecision } from '#shared/screening/hold-repository.ts';
import { LIST_TITLES } from '#shared/screening/list-entries.ts';
import type { ScreeningHold } from '#shared/screening/records.ts';
import { toHoldView } from '#shared/screening-review/hold-view.ts';
import { HOLD_DECIDED, HOLD_NOT_FOUND, HOLD_SUBJECT_CHANGED } from '#shared/screening-review/review-rules.ts';
import type { HoldView } from '#shared/screening-review/schemas.ts';

/**
 * A reviewer's decision on a hold, audited in the same transaction as what it does:
 * - CLEAR (a false positive): the customer's approval goes through with the verified identity it held; the bank
 *   takes the status it would have had (ACTIVE, or PENDING for the operator's review); the transfer is ingested as
 *   reported (credited or forwarded). The transfer is ingested first and the hold decided after: ingestion counts a
 *   transfer once, so a decision that fails after it is made again and credits nothing twice.
 * - CONFIRM (a true match, blocked for good): the customer's KYC is REJECTED, the bank REJECTED with the reason,
 *   the transfer stays frozen.
 */
export type HoldDecision = 'CLEAR' | 'CONFIRM';

export async function decideHold(
  deps: Deps,
  actor: ConsoleActor,
  input: { holdId: string; decision: HoldDecision; reason: string },
): Promise<HoldView> {
  const organizationId = actor.organization.organizationId;
  const hold = await getHold(deps.db, organizationId, input.holdId);
  if (!hold) throw HOLD_NOT_FOUND.error();
  if (hold.status !== 'OPEN') throw HOLD_DECIDED.error();
  const now = deps.clock.now();
  const at = now.toISOString();
  const status = input.decision === 'CLEAR' ? 'CLEARED' : 'CONFIRMED';
  const decided: GuardedItem<string>[] = [
    holdDecision(deps.db, hold, { status, by: actor.member.email, reason: input.reason, at }),
    auditItem(deps.db, {
      organizationId,
      actor: memberActor(actor.member),
      action: input.decision === 'CLEAR' ? 'screening.hold_cleared' : 'screening.hold_confirmed',
      target: hold.holdId,
      sourceAddress: actor.sourceAddress,
      at: now,
      details: {
        reason: input.reason,
        list: hold.hit.list,
        listVersion: hold.hit.listVersion,
        entryId: hold.hit.entryId,
        screened: hold.screened,
        ...(hold.hit.score === null ? {} : { score: String(hold.hit.score) }),
      },
    }),
  ];
  try {
    await DECIDE[hold.subject.kind](deps, { hold, decision: input.decision, decided, now });
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role === 'screeningHold') throw HOLD_DECIDED.error();
    if (error instanceof CustomerStateChangedError || error instanceof BankStateChangedError) {
      throw HOLD_SUBJECT_CHANGED.error();
    }
    throw error;
  }
  return toHoldView({ ...hold, status, decidedAt: at, decidedBy: actor.member.email, reason: input.reason });
}

type Decide = (
  deps: Deps,
  input: { hold: ScreeningHold; decision: HoldDecision; decided: GuardedItem<string>[]; now: Date },
) => Promise<void>;

const decideCustomer: Decide = async (deps, { hold, decision, decided, now }) => {
  if (hold.subject.kind !== 'customer') return;
  const customer = await getCustomer(deps.db, hold.organizationId, hold.subject.customerId);
  if (!customer) throw HOLD_SUBJECT_CHANGED.error();
  const transition = decision === 'CLEAR' ? KYC_TRANSITIONS.approve : KYC_TRANSITIONS.reject;
  await changeKycStatus(deps.db, {
    customer,
    transition,
    ...(decision === 'CLEAR' ? { identity: hold.subject.identity } : {}),
    review: { ends: true },
    now,
    event: eventRecord({
      organizationId: hold.organizationId,
      type: transition.event,
      data: { customer_id: customer.customerId },
      now,
    }),
    alongside: decided,
  });
};

const decideBankHold: Decide = async (deps, { hold, decision, decided, now }) => {
  if (hold.subject.kind !== 'bank') return;
  const { bank, wallets } = await requireBank(deps.db, {
    organizationId: hold.organizationId,
    customerId: hold.subject.customerId,
    bankId: hold.subject.bankId,
  });
  // A bank whose payee confirmation still waits keeps waiting for it; the member's decision then takes it on.
  const activates =
    decision === 'CLEAR' && hold.subject.onClear === 'ACTIVE' && bank.payeeVerification?.confirmation !== 'AWAITING';
  const transition: Transition<BankStatus, 'withdrawal_bank.approved' | 'withdrawal_bank.rejected'> =
    decision === 'CONFIRM'
      ? BANK_TRANSITIONS.reject
      : activates
        ? BANK_TRANSITIONS.approve
        : { from: ['PENDING'], to: 'PENDING' };
  const rejectionReason =
    decision === 'CONFIRM'
      ? `Blocked: the beneficiary name is on the ${LIST_TITLES[hold.hit.list]} sanctions list`
      : null;
  await decideBank(deps.db, {
    bank,
    transition,
    wallets,
    rejectionReason,
    now,
    event: transition.event
      ? bankEvent({ ...bank, status: transition.to, rejectionReason }, transition.event, now)
      : undefined,
    alongside: decided,
  });
};

const decideDeposit: Decide = async (deps, { hold, decision, decided }) => {
  if (hold.subject.kind !== 'deposit') return;
  if (decision === 'CLEAR') {
    const { transfer } = hold.subject;
    await ingestInboundTransfer(deps, { ...transfer, chain: transfer.chain as Chain, released: true });
  }
  await writeGuarded(deps.db, decided);
};

const DECIDE: Record<ScreeningHold['subject']['kind'], Decide> = {
  customer: decideCustomer,
  bank: decideBankHold,
  deposit: decideDeposit,
};
