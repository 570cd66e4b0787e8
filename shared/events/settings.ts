import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** The event bus the stream relay publishes to. */
export const EventBusSettings = {
  eventBusName: setting({
    variable: 'EVENT_BUS_NAME',
    schema: z.string().check(z.minLength(1)),
    default: 'payouts-events',
    description: 'The event bus (the CDK stack sets it).',
  }),
  eventBridgeEndpoint: setting({
    variable: 'EVENTBRIDGE_ENDPOINT',
    schema: z.optional(z.url()),
    description: 'Set locally (the in-process bus); unset in AWS.',
  }),
};
