import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { BUS_RULES, type BusEvent, type BusRule, matchesPattern, type RouteTarget } from '#shared/events/routing.ts';

export const LOCAL_ACCOUNT = '000000000000';

type PutEventsEntry = { Source?: string; DetailType?: string; Detail?: string; EventBusName?: string; Time?: number };

export type LocalEventBus = { url: string; stop: () => Promise<void> };

/**
 * The event bus locally: answers EventBridge's PutEvents (so the relay function runs unchanged with
 * EVENTBRIDGE_ENDPOINT pointing here), applies the shared rules of `routing.ts`, and hands each matching event,
 * shaped as EventBridge delivers it, to the rule's target.
 */
export async function startLocalEventBus(options: {
  busName: string;
  region: string;
  /** Hands a target the events of one PutEvents call that match its rules. */
  deliver: (target: RouteTarget, events: BusEvent[]) => Promise<void>;
  rules?: readonly BusRule[];
}): Promise<LocalEventBus> {
  const rules = options.rules ?? BUS_RULES;

  /** The event EventBridge makes of one entry, and the targets of the rules it matches. */
  const routeOne = (entry: PutEventsEntry) => {
    if (entry.EventBusName !== options.busName) throw new Error(`No event bus named ${entry.EventBusName}`);
    const event: BusEvent & Record<string, unknown> = {
      version: '0',
      id: randomUUID(),
      'detail-type': entry.DetailType ?? '',
      source: entry.Source ?? '',
      account: LOCAL_ACCOUNT,
      time: new Date(entry.Time ? entry.Time * 1000 : Date.now()).toISOString(),
      region: options.region,
      resources: [],
      detail: JSON.parse(entry.Detail ?? '{}'),
    };
    return { event, targets: rules.filter((rule) => matchesPattern(rule.pattern, event)).map((rule) => rule.target) };
  };

  /**
   * Routes a PutEvents call's entries and hands each target its events in one call (a batch send to a queue rather
   * than a request per event); an entry fails when it cannot be routed or a target did not take it.
   */
  const putAll = async (entries: PutEventsEntry[]) => {
    const routed = entries.map((entry) => {
      try {
        return { ...routeOne(entry), error: undefined };
      } catch (error) {
        return { event: undefined, targets: [], error: String(error) };
      }
    });
    const targets = [...new Set(routed.flatMap((r) => r.targets))];
    const failedTargets = new Map<RouteTarget, string>();
    await Promise.all(
      targets.map((target) =>
        options
          .deliver(
            target,
            routed.flatMap((r) => (r.event && r.targets.includes(target) ? [r.event] : [])),
          )
          .catch((error: unknown) => failedTargets.set(target, String(error))),
      ),
    );
    return routed.map((r) => {
      const error = r.error ?? r.targets.map((target) => failedTargets.get(target)).find(Boolean);
      return error ? { ErrorCode: 'InternalFailure', ErrorMessage: error } : { EventId: r.event?.id ?? '' };
    });
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-amz-target'] !== 'AWSEvents.PutEvents') {
        reply(400, { __type: 'UnknownOperationException', message: 'Only PutEvents is supported locally' });
        return;
      }
      const { Entries = [] } = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        Entries?: PutEventsEntry[];
      };
      const results = await putAll(Entries);
      reply(200, { FailedEntryCount: results.filter((r) => 'ErrorCode' in r).length, Entries: results });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
