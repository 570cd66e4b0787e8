import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** The organization's own reviewers (the console's Reviews page). */
export const ReviewSettings = {
  documentUrlTtlS: setting(
    'KYC_DOCUMENT_URL_TTL_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(30), z.lte(3600)), 300),
    SETTINGS_ABOUT && {
      description:
        "How long a link to a customer's KYC document, given to a reviewer, stays valid (seconds, 30-3600; a presigned S3 GET).",
    },
  ),
};
