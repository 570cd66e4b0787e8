import { randomBytes, randomUUID } from 'node:crypto';
import * as lib from '@aws-sdk/lib-dynamodb';
import { NumberValue } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/db/client.ts';

/**
 * The floor of a route: the very DynamoDB calls one real request of it made, recorded as the handler sent them,
 * replayed straight against DynamoDB Local. Calls the handler made at the same time (a Promise.all of reads)
 * are replayed at the same time. Each replay writes new items: ids, references, addresses and hashes it made up
 * are replaced with fresh ones, while the ids of the existing resources it read (`keep`) stay.
 */

type Captured = { name: string; input: string; started: number; ended: number };
export type CommandPlan = { stages: { name: string; input: string }[][] };

const NUMBER_TAG = '$bench:NumberValue';

/** JSON that keeps lib-dynamodb's NumberValue (exact ledger numbers) across the round trip. */
const freeze = (input: unknown) =>
  JSON.stringify(input, (_, value: unknown) =>
    value instanceof NumberValue ? { [NUMBER_TAG]: value.toString() } : value,
  );
const thaw = (text: string) =>
  JSON.parse(text, (_, value: unknown) =>
    value && typeof value === 'object' && NUMBER_TAG in value
      ? NumberValue.from(String((value as Record<string, unknown>)[NUMBER_TAG]))
      : value,
  );

/** Records every command the document client sends while `act` runs. */
export async function capture(db: Db, act: () => Promise<unknown>): Promise<CommandPlan> {
  const captured: Captured[] = [];
  const client = db.client as unknown as { send: (command: unknown) => Promise<unknown> };
  const original = client.send;
  const ownSend = Object.hasOwn(client, 'send');
  let clock = 0;
  client.send = async function (this: unknown, command: unknown) {
    const entry = {
      name: (command as object).constructor.name,
      input: freeze((command as { input: unknown }).input),
      started: ++clock,
      ended: Number.POSITIVE_INFINITY,
    };
    captured.push(entry);
    try {
      return await original.call(client, command);
    } finally {
      entry.ended = ++clock;
    }
  };
  try {
    await act();
  } finally {
    // Back to exactly what it was: a method of the prototype stays one (a mock of the class must reach it).
    if (ownSend) client.send = original;
    else delete (client as { send?: unknown }).send;
  }
  // A command that started before everything earlier had ended ran alongside it.
  const stages: Captured[][] = [];
  for (const entry of captured) {
    const current = stages.at(-1);
    if (current?.some((other) => other.ended > entry.started)) current.push(entry);
    else stages.push([entry]);
  }
  return { stages: stages.map((stage) => stage.map(({ name, input }) => ({ name, input }))) };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HASH = /\b[0-9a-f]{64}\b/g;
const ADDRESS = /0x[0-9a-fA-F]{40}/g;
const TX_REFERENCE = /\b(WD|DP)-[0-9A-Z]{4}-[0-9A-Z]{4}\b/g;
const DEPOSIT_REFERENCE = /DEPOSITREF#([0-9A-Z]{10})/g;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const base32 = (length: number) =>
  Array.from(randomBytes(length), (b) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.charAt(b % 32)).join('');

/** The recorded inputs with everything the request made up replaced, consistently within one replay. */
function refresh(plan: CommandPlan, keep: ReadonlySet<string>): CommandPlan {
  const fresh = new Map<string, string>();
  const swap = (value: string, make: () => string) => {
    const key = value.toLowerCase();
    if (keep.has(key)) return value;
    let replacement = fresh.get(key);
    if (!replacement) {
      replacement = make();
      fresh.set(key, replacement);
    }
    return replacement;
  };
  const text = JSON.stringify(plan);
  const references = [...text.matchAll(DEPOSIT_REFERENCE)].map((match) => match[1] ?? '');
  let out = text
    .replace(UUID, (id) => swap(id, randomUUID))
    .replace(HASH, (hash) => swap(hash, () => hex(32)))
    .replace(ADDRESS, (address) => swap(address, () => `0x${hex(20)}`))
    .replace(TX_REFERENCE, (ref, type: string) => swap(ref, () => `${type}-${base32(4)}-${base32(4)}`));
  for (const reference of references)
    out = out.replaceAll(
      reference,
      swap(reference, () => base32(10)),
    );
  return JSON.parse(out) as CommandPlan;
}

const COMMANDS = lib as unknown as Record<string, new (input: unknown) => unknown>;

/**
 * One replay of the plan against the database, with fresh ids. `afterFirstStage` runs beside the second stage's
 * start, where the request made what the plan leaves out (the rate limits' leases after authentication).
 */
export function replayer(db: Db, plan: CommandPlan, keep: Iterable<string>, afterFirstStage?: () => Promise<unknown>) {
  const kept = new Set([...keep].map((value) => value.toLowerCase()));
  const client = db.client as unknown as { send: (command: unknown) => Promise<unknown> };
  return async () => {
    for (const [index, stage] of refresh(plan, kept).stages.entries()) {
      if (index === 1 && afterFirstStage) await afterFirstStage();
      await Promise.all(
        stage.map(({ name, input }) => {
          const Command = COMMANDS[name];
          if (!Command) throw new Error(`cannot replay ${name}`);
          return client.send(new Command(thaw(input)));
        }),
      );
    }
  };
}

export const commandCount = (plan: CommandPlan) => plan.stages.flat().length;
export const describePlan = (plan: CommandPlan) =>
  plan.stages.map((stage) => stage.map((c) => c.name.replace(/Command$/, '')).join(' + ')).join(' → ');

/** True for a command DynamoDB bills in read units (by its class name, `GetCommand`). */
export const isReadCommand = (name: string) => /^(Get|BatchGet|Query|Scan|TransactGet)Command$/.test(name);

/** What a call sent with `ReturnConsumedCapacity: 'TOTAL'` answers of the units it consumed, all tables summed. */
export type Consumed = { ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] };
export const consumedOf = (result: Consumed) =>
  [result.ConsumedCapacity ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);

/**
 * The read and write request units one replay of the plan consumes, as DynamoDB Local reports them
 * (`ReturnConsumedCapacity: TOTAL`: item sizes, consistency and transactions counted as DynamoDB bills them).
 */
export async function consumedUnits(db: Db, plan: CommandPlan, keep: Iterable<string>) {
  const kept = new Set([...keep].map((value) => value.toLowerCase()));
  const client = db.client as unknown as { send: (command: unknown) => Promise<unknown> };
  let readUnits = 0;
  let writeUnits = 0;
  for (const stage of refresh(plan, kept).stages) {
    for (const { name, input } of stage) {
      const Command = COMMANDS[name];
      if (!Command) throw new Error(`cannot replay ${name}`);
      let units = 1;
      try {
        units = consumedOf(
          (await client.send(new Command({ ...thaw(input), ReturnConsumedCapacity: 'TOTAL' }))) as Consumed,
        );
      } catch {
        // A replayed write whose condition no longer holds (a version it read has moved on) reports no capacity;
        // DynamoDB bills a failed conditional write at least one unit, which is what it counts for.
      }
      if (isReadCommand(name)) readUnits += units;
      else writeUnits += units;
    }
  }
  return { readUnits, writeUnits };
}

/** Event records (the outbox) the plan writes: each goes on to the bus and the webhook queue. */
export const eventsWritten = (plan: CommandPlan) =>
  plan.stages.flat().reduce((n, command) => n + (command.input.match(/"pk":"EVENT#/g)?.length ?? 0), 0);
