import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** The event bus the stream relay publishes to. */
export const EventBusSettings = {
  eventBusName: setting(
    'EVENT_BUS_NAME',
    z.prefault(z.string().check(z.minLength(1)), 'payouts-events'),
    SETTINGS_ABOUT && {
      description: 'The event bus (the CDK stack sets it).',
    },
  ),
  eventBridgeEndpoint: setting(
    'EVENTBRIDGE_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description: 'Set locally (the in-process bus); unset in AWS.',
    },
  ),
};
