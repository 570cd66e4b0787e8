import { setting } from '#shared/config/setting.ts';
import * as z from '#shared/validation/zod.ts';

/** The sender of console invitations unless `MAIL_FROM` names another. */
export const DEFAULT_MAIL_FROM = 'console@payouts.dev';

/** The organization console's deployment (shared/console/README.md): where it is served, sessions, invitations, mail. */
export const ConsoleSettings = {
  origin: setting({
    variable: 'CONSOLE_ORIGIN',
    schema: z.url().check(
      z.refine((value) => {
        const url = new URL(value);
        return url.protocol === 'https:' || url.hostname === 'localhost';
      }, 'must be https (http only for localhost)'),
    ),
    default: 'http://localhost:3000',
    description:
      "Where the console is served; its host is the passkeys' relying party id. `http:` only for localhost (`npm start` sets its own).",
    deploy: {
      key: 'consoleOrigin',
      schema: z.url({ protocol: /^https$/ }),
      note: 'In AWS the `ConsoleUrl` output of the console stack.',
    },
  }),
  sessionIdleSeconds: setting({
    variable: 'SESSION_IDLE_S',
    schema: z.coerce.number().check(z.int(), z.gte(60)),
    default: 30 * 60,
    description: 'Seconds a console session lives without use.',
  }),
  sessionAbsoluteSeconds: setting({
    variable: 'SESSION_ABSOLUTE_S',
    schema: z.coerce.number().check(z.int(), z.gte(60)),
    default: 12 * 3600,
    description: 'Seconds a console session lives at most.',
  }),
  inviteTtlSeconds: setting({
    variable: 'INVITE_TTL_S',
    schema: z.coerce.number().check(z.int(), z.gte(60)),
    default: 7 * 24 * 3600,
    description: 'Seconds an invitation stays valid.',
  }),
  mailDir: setting({
    variable: 'MAIL_DIR',
    schema: z.optional(z.string().check(z.minLength(1))),
    description: 'Set locally: mail is written there as files (and printed) instead of being sent with Amazon SES.',
  }),
  mailFrom: setting({
    variable: 'MAIL_FROM',
    schema: z.email(),
    default: DEFAULT_MAIL_FROM,
    description:
      'The sender of console invitations; in AWS an address of an Amazon SES identity verified for its domain.',
    deploy: { key: 'mailFrom' },
  }),
};
