import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { awsClientConfig } from '#shared/events/aws-clients.ts';

export type BusEntry = { source: string; detailType: string; detail: unknown; time: Date };

/** Puts entries on the event bus; resolves the indexes of entries the bus did not take. */
export type Bus = { put: (entries: readonly BusEntry[]) => Promise<number[]> };

/** PutEvents takes at most 10 entries a call. */
export const MAX_BUS_BATCH = 10;

/** The custom bus in AWS; locally the in-process bus, which speaks the same protocol (EVENTBRIDGE_ENDPOINT). */
export function eventBridgeBus(cfg: { busName: string; region: string; endpoint: string | undefined }): Bus {
  const client = new EventBridgeClient(awsClientConfig(cfg.region, cfg.endpoint));
  return {
    put: async (entries) => {
      const chunks = [];
      for (let start = 0; start < entries.length; start += MAX_BUS_BATCH) {
        chunks.push({ start, entries: entries.slice(start, start + MAX_BUS_BATCH) });
      }
      // The chunks at once: the bus keeps no order between entries anyway, and a relay batch of 100 records
      // would otherwise wait out ten calls in a row.
      const results = await Promise.all(
        chunks.map(async (chunk) => {
          const result = await client.send(
            new PutEventsCommand({
              Entries: chunk.entries.map((entry) => ({
                EventBusName: cfg.busName,
                Source: entry.source,
                DetailType: entry.detailType,
                Detail: JSON.stringify(entry.detail),
                Time: entry.time,
              })),
            }),
          );
          return (result.Entries ?? []).flatMap((entry, i) => (entry.ErrorCode ? [chunk.start + i] : []));
        }),
      );
      return results.flat();
    },
  };
}
