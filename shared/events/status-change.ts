import type { Db } from '#shared/db/client.ts';
import {
  type GuardedItem,
  retryOnConflict,
  type TransactItem,
  WriteConditionFailedError,
  writeGuarded,
} from '#shared/db/guarded-write.ts';
import type { EventType } from '#shared/events/contracts.ts';
import { type EventRecord, eventPut } from '#shared/events/outbox.ts';

/**
 * One status change of an entity's lifecycle as data: the statuses it may leave, the one it enters and the event
 * that says so. Each entity keeps its table of them beside its rules (banks, virtual accounts, KYC, withdrawals).
 */
export type Transition<Status extends string, Type extends EventType = EventType> = {
  readonly from: readonly Status[];
  readonly to: Status;
  readonly event?: Type;
};

/**
 * The guarded update of the entity whose status changes: `to` and the fields of `set` (through attribute names, so
 * a reserved word is a field like any other), `updatedAt`, conditional on a status of `from`. `version`: `bump`
 * counts the change; `seen` counts it and also requires the version read (nothing else changed since).
 */
export function statusUpdate<Status extends string>(
  db: Db,
  input: {
    key: Record<string, string>;
    attribute: string;
    transition: Pick<Transition<Status>, 'from' | 'to'>;
    set?: Record<string, unknown>;
    /** Attributes removed with the change (an index entry the new status takes the item off). */
    remove?: readonly string[];
    now: Date;
    version?: 'bump' | { seen: number };
  },
): TransactItem {
  const { transition, version } = input;
  const fields = Object.entries(input.set ?? {});
  const bumps = version !== undefined;
  const seen = typeof version === 'object' ? version.seen : undefined;
  const from = transition.from.map((_, i) => `:from${i}`).join(', ');
  return {
    Update: {
      TableName: db.tableName,
      Key: input.key,
      UpdateExpression: `SET ${[
        `#${input.attribute} = :to`,
        ...fields.map(([name]) => `#${name} = :${name}`),
        'updatedAt = :now',
        ...(bumps ? ['version = version + :one'] : []),
      ].join(', ')}${input.remove?.length ? ` REMOVE ${input.remove.join(', ')}` : ''}`,
      // Only from a status the transition may leave: of two racing changes exactly one wins.
      ConditionExpression: `#${input.attribute} IN (${from})${seen === undefined ? '' : ' AND version = :seen'}`,
      ExpressionAttributeNames: {
        [`#${input.attribute}`]: input.attribute,
        ...Object.fromEntries(fields.map(([name]) => [`#${name}`, name])),
      },
      ExpressionAttributeValues: {
        ':to': transition.to,
        ...Object.fromEntries(transition.from.map((status, i) => [`:from${i}`, status])),
        ...Object.fromEntries(fields.map(([name, value]) => [`:${name}`, value])),
        ':now': input.now.toISOString(),
        ...(bumps ? { ':one': 1 } : {}),
        ...(seen === undefined ? {} : { ':seen': seen }),
      },
    },
  };
}

/**
 * The one write of a status change: the entity's guarded item (`subject`, e.g. a `statusUpdate`), the items that
 * change with it and its event, in one transaction. A failed guard is answered with `refused(role)`; without an
 * answer the `WriteConditionFailedError` goes to the caller (who decides again). `resend`: how often a write that
 * lost only to concurrent transactions is sent again as it was (`RESEND_ATTEMPTS`); without it a conflict goes to
 * the caller, who retries with a fresh read.
 */
export async function writeStatusChange<Role extends string>(
  db: Db,
  change: {
    subject: TransactItem;
    alongside?: readonly GuardedItem<Role>[];
    event?: EventRecord | undefined;
    refused: (role: 'subject' | Role) => Error | undefined;
    resend?: number;
  },
): Promise<void> {
  const items: GuardedItem<'subject' | Role | 'event'>[] = [
    { role: 'subject', item: change.subject },
    ...(change.alongside ?? []),
    ...(change.event ? [{ role: 'event' as const, item: eventPut(db, change.event) }] : []),
  ];
  try {
    const write = () => writeGuarded(db, items);
    await (change.resend === undefined ? write() : retryOnConflict(write, change.resend));
  } catch (error) {
    if (error instanceof WriteConditionFailedError && error.role !== 'event') {
      const refusal = change.refused(error.role as 'subject' | Role);
      if (refusal) throw refusal;
    }
    throw error;
  }
}
