import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** ACH prenotes (shared/banks/README.md, "ACH prenote"). */
export const PrenoteSettings = {
  waitDays: setting({
    variable: 'ACH_PRENOTE_WAIT_DAYS',
    schema: z.coerce.number().check(z.int(), z.gte(1), z.lte(10)),
    default: 3,
    description:
      "Banking days after the entry's effective date within which a receiving bank returns a bad account (NACHA: 3); a prenote with no return by then is CONFIRMED.",
    deploy: { key: 'achPrenoteWaitDays' },
  }),
};
