import { config, eventsConfig } from '#shared/config/env.ts';
import { type Bus, eventBridgeBus } from '#shared/events/bus.ts';

/** What the stream relay needs: the bus. */
export type RelayDeps = { bus: Bus };

let relay: RelayDeps | undefined;

export function relayDeps(): RelayDeps {
  if (!relay) {
    const events = eventsConfig();
    const { region } = config();
    relay = { bus: eventBridgeBus({ busName: events.eventBusName, region, endpoint: events.eventBridgeEndpoint }) };
  }
  return relay;
}
