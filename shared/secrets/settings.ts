import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** Secrets (`config.secrets`): where Secrets Manager is answered. */
export const SecretsSettings = {
  endpoint: setting(
    'SECRETS_MANAGER_ENDPOINT',
    z.optional(z.url()),
    SETTINGS_ABOUT && {
      description:
        "Locally: the Secrets Manager stand-in (`infra/local/secrets-manager.ts`); unset in AWS (the region's).",
    },
  ),
};
