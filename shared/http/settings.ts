import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** Rate limits (shared/http/rate-limits.ts): requests per second, counted in the table across every instance. */
export const RateLimitSettings = {
  perKeyPerSecond: setting({
    variable: 'RATE_LIMIT_KEY_PER_S',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)),
    default: 50,
    description: 'Requests per second one API key may make.',
  }),
  perOrganizationPerSecond: setting({
    variable: 'RATE_LIMIT_ORGANIZATION_PER_S',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)),
    default: 100,
    description: 'Requests per second all the keys of one organization may make together.',
  }),
};
