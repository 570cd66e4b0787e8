import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** The sender of console invitations unless `MAIL_FROM` names another. */
export const DEFAULT_MAIL_FROM = 'console@payouts.dev';

/** The organization console's deployment (shared/console/README.md): where it is served, sessions, invitations, mail. */
export const ConsoleSettings = {
  origin: setting(
    'CONSOLE_ORIGIN',
    z.prefault(
      z.url().check(
        z.refine((value) => {
          const url = new URL(value);
          return url.protocol === 'https:' || url.hostname === 'localhost';
        }, 'must be https (http only for localhost)'),
      ),
      'http://localhost:3000',
    ),
    SETTINGS_ABOUT && {
      description:
        "Where the console is served; its host is the passkeys' relying party id. `http:` only for localhost (`npm start` sets its own).",
      deploy: {
        key: 'consoleOrigin',
        schema: z.url({ protocol: /^https$/ }),
        note: 'In AWS the `ConsoleUrl` output of the console stack.',
      },
    },
  ),
  sessionIdleSeconds: setting(
    'SESSION_IDLE_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(60)), 30 * 60),
    SETTINGS_ABOUT && {
      description: 'Seconds a console session lives without use.',
    },
  ),
  sessionAbsoluteSeconds: setting(
    'SESSION_ABSOLUTE_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(60)), 12 * 3600),
    SETTINGS_ABOUT && {
      description: 'Seconds a console session lives at most.',
    },
  ),
  inviteTtlSeconds: setting(
    'INVITE_TTL_S',
    z.prefault(z.coerce.number().check(z.int(), z.gte(60)), 7 * 24 * 3600),
    SETTINGS_ABOUT && {
      description: 'Seconds an invitation stays valid.',
    },
  ),
  mailDir: setting(
    'MAIL_DIR',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description: 'Set locally: mail is written there as files (and printed) instead of being sent with Amazon SES.',
    },
  ),
  mailFrom: setting(
    'MAIL_FROM',
    z.prefault(z.email(), DEFAULT_MAIL_FROM),
    SETTINGS_ABOUT && {
      description:
        'The sender of console invitations; in AWS an address of an Amazon SES identity verified for its domain.',
      deploy: { key: 'mailFrom' },
    },
  ),
};
