import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** Where live organizations' rates come from (shared/quotes/README.md, "ECB reference rates"). */
export const ReferenceRateSettings = {
  source: setting(
    'REFERENCE_RATES_SOURCE',
    z.prefault(z.enum(['fixed', 'ecb']), 'fixed'),
    SETTINGS_ABOUT && {
      description:
        "Where live organizations' rates come from: `fixed` (EXCHANGE_RATES, as for sandbox organizations) or `ecb` (the European Central Bank's daily reference rates, fetched on a schedule, plus each organization's spread).",
      deploy: {
        key: 'referenceRatesSource',
        default: 'ecb',
        note: 'In AWS the ReferenceRates function fetches them hourly.',
      },
    },
  ),
  url: setting(
    'ECB_RATES_URL',
    z.prefault(z.url(), 'https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml'),
    SETTINGS_ABOUT && {
      description: "The ECB's daily reference rates file (`ecb` source).",
    },
  ),
  maxAgeHours: setting(
    'REFERENCE_RATES_MAX_AGE_H',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(720)), 96),
    SETTINGS_ABOUT && {
      description:
        'Hours after its reference day (16:00 CET) that a rate is stale: withdrawals then wait as PROPOSED instead of executing on it. 96 covers the longest ECB closure (Good Friday to Easter Monday).',
      deploy: { key: 'referenceRatesMaxAgeHours' },
    },
  ),
};
