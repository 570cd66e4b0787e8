import type { Config } from '#shared/config/env.ts';
import type { ApprovalBinding, AuditActor, Member, Session } from '#shared/console/common/records.ts';
import { consoleWrites } from '#shared/console/common/repository.ts';
import type { Db } from '#shared/db/client.ts';
import type { Alongside, GuardedItem } from '#shared/db/guarded-write.ts';
import type { Deps } from '#shared/deps.ts';
import { refusal } from '#shared/errors.ts';
import { newId, randomBase62, sha256Hex } from '#shared/ids.ts';
import type { Organization } from '#shared/organizations/records.ts';
import type { TransactionRecord } from '#shared/transactions/records.ts';

/** Refusals the console's routes name; here, not in their use cases, so a route table imports no use case. */
export const FEATURE_ON_IS_OPERATORS = refusal(403, 'Only the operator can turn a feature on');
export const API_KEY_NOT_FOUND = refusal(404, 'API key not found');
export const INVITE_INVALID = refusal(404, 'Invite not found, already used or expired');

export const ALREADY_MEMBER = refusal(409, 'Already a member of this organization');

/** Who acts in the console: a signed-in member, seen from one source address. */
export type ConsoleActor = {
  organization: Organization;
  member: Member;
  sessionTokenHash: string;
  sourceAddress: string;
};

export const memberActor = (member: Member): AuditActor => ({
  kind: 'member',
  id: member.memberId,
  email: member.email,
});

/** The operator CLI acts as the operator, never as a member. */
export const operatorActor = (email: string): AuditActor => ({ kind: 'operator', id: email, email });

/**
 * How the operator is named where a member's e-mail would be (an approval, a key's creator): never as a member.
 */
export const operatorApprover = (email: string) => `operator:${email.trim().toLowerCase()}`;

export function auditItem(
  db: Db,
  input: {
    organizationId: string;
    actor: AuditActor;
    action: string;
    target: string;
    sourceAddress: string;
    at: Date;
    details?: Record<string, string>;
  },
): GuardedItem<'audit'> {
  return consoleWrites.audit(db, {
    entryId: newId(),
    organizationId: input.organizationId,
    at: input.at.toISOString(),
    actor: input.actor,
    action: input.action,
    target: input.target,
    sourceAddress: input.sourceAddress,
    details: input.details ?? {},
  });
}

/**
 * The audit entry of a change a member makes through an API route with their session, for the use case to write
 * in the change's own transaction. None when a key made it: the API's changes are the integrator's, not a member's.
 */
export function auditedAs(deps: Deps, actor: ConsoleActor, action: string): Alongside;
export function auditedAs(deps: Deps, actor: ConsoleActor | undefined, action: string): Alongside | undefined;
export function auditedAs(deps: Deps, actor: ConsoleActor | undefined, action: string): Alongside | undefined {
  if (!actor) return undefined;
  return (target, details) => [
    auditItem(deps.db, {
      organizationId: actor.organization.organizationId,
      actor: memberActor(actor.member),
      action,
      target,
      sourceAddress: actor.sourceAddress,
      at: deps.clock.now(),
      ...(details ? { details } : {}),
    }),
  ];
}

/** Where the operator CLI's entries say they came from, where a member's say the member's address. */
export const OPERATOR_SOURCE = 'operator-cli';

/**
 * The audit entry of a change the operator makes with the admin CLI, for the use case to write in the change's own
 * transaction: the entry the console writes for the same change, with the operator as the actor.
 */
export function auditedAsOperator(
  deps: Pick<Deps, 'db' | 'clock'>,
  organizationId: string,
  operator: string,
  action: string,
): Alongside {
  return (target, details) => [
    auditItem(deps.db, {
      organizationId,
      actor: operatorActor(operator),
      action,
      target,
      sourceAddress: OPERATOR_SOURCE,
      at: deps.clock.now(),
      ...(details ? { details } : {}),
    }),
  ];
}

/** 43 base62 characters, about 256 bits: invite and session tokens. Only their SHA-256 is stored. */
export const newSecretToken = () => randomBase62(43);
export const hashToken = (token: string) => sha256Hex(token);

export const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000).toISOString();

/** A new session for `member`: the token goes to the cookie, the record (under the token's hash) to the table. */
export function newSession(config: Config, member: Member, now: Date) {
  const token = newSecretToken();
  const session: Session = {
    sessionId: newId(),
    organizationId: member.organizationId,
    memberId: member.memberId,
    sessionEpoch: member.sessionEpoch,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    idleUntil: addSeconds(now, config.console.sessionIdleSeconds),
    absoluteUntil: addSeconds(now, config.console.sessionAbsoluteSeconds),
  };
  return { token, tokenHash: hashToken(token), session };
}

/** What a signer is shown and signs; `account` is the IBAN, or the account and routing numbers. */
export function bindingOf(transaction: TransactionRecord): ApprovalBinding {
  const bank = transaction.withdrawalBank;
  const account = bank?.iban ?? [bank?.accountNumber, bank?.routingNumber].filter(Boolean).join(' / ');
  return {
    transactionId: transaction.transactionId,
    amount: transaction.targetAmount,
    currency: transaction.targetCurrency,
    beneficiary: bank?.beneficiaryName ?? transaction.walletAddress ?? '',
    account: account || (transaction.walletAddress ?? ''),
  };
}

export const sameBinding = (a: ApprovalBinding, b: ApprovalBinding) =>
  a.transactionId === b.transactionId &&
  a.amount === b.amount &&
  a.currency === b.currency &&
  a.beneficiary === b.beneficiary &&
  a.account === b.account;
