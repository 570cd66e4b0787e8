import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** ACH prenotes (shared/banks/README.md, "ACH prenote"). */
export const PrenoteSettings = {
  waitDays: setting(
    'ACH_PRENOTE_WAIT_DAYS',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(10)), 3),
    SETTINGS_ABOUT && {
      description:
        "Banking days after the entry's effective date within which a receiving bank returns a bad account (NACHA: 3); a prenote with no return by then is CONFIRMED.",
      deploy: { key: 'achPrenoteWaitDays' },
    },
  ),
};
