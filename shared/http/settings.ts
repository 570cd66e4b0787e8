import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** Rate limits (shared/http/rate-limits.ts): requests per second, counted in the table across every instance. */
export const RateLimitSettings = {
  perKeyPerSecond: setting(
    'RATE_LIMIT_KEY_PER_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 50),
    SETTINGS_ABOUT && {
      description: 'Requests per second one API key may make.',
    },
  ),
  perOrganizationPerSecond: setting(
    'RATE_LIMIT_ORGANIZATION_PER_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 100),
    SETTINGS_ABOUT && {
      description: 'Requests per second all the keys of one organization may make together.',
    },
  ),
};
