import { setting } from '#shared/config/setting.ts';
import { SETTINGS_ABOUT } from '#shared/config/settings-about.ts';
import * as z from '#shared/validation/zod.ts';

/** Sanctions screening (`config.screening`): where the lists in force are read from. */
export const ScreeningSettings = {
  listsDir: setting(
    'SANCTIONS_DIR',
    z.optional(z.string().check(z.minLength(1))),
    SETTINGS_ABOUT && {
      description:
        'Locally: the folder of the sanctions list files (`npm start`: DATA_DIR/sanctions); a file dropped there is in force within SANCTIONS_REFRESH_SECONDS.',
      unset: 'the lists are read from SANCTIONS_BUCKET, or none are in force',
    },
  ),
  listsBucket: setting(
    'SANCTIONS_BUCKET',
    z.optional(z.string().check(z.minLength(3))),
    SETTINGS_ABOUT && {
      description:
        'AWS: the versioned bucket the scheduled list fetcher writes the official files to, under `lists/` (the CDK stack sets it).',
    },
  ),
  refreshSeconds: setting(
    'SANCTIONS_REFRESH_SECONDS',
    z.prefault(z.coerce.number().check(z.int(), z.gte(1), z.lte(3600)), 2),
    SETTINGS_ABOUT && {
      description:
        'How often a function looks whether the list files changed (a listing, not a download) and, if they did, loads them.',
    },
  ),
  listUrls: setting(
    'SANCTIONS_LIST_URLS',
    z.optional(z.string().check(z.minLength(1), z.maxLength(4000))),
    SETTINGS_ABOUT && {
      description:
        'AWS: where the scheduled fetcher downloads the official files, as `file=url` pairs separated by commas: the OFAC set as `sdn.csv`, `alt.csv`, `add.csv`, `sdn_comments.csv`, the UN and EU lists as any `.xml` name (e.g. `sdn.csv=https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV,consolidated.xml=https://scsanctions.un.org/resources/xml/en/consolidated.xml`).',
      unset: 'nothing is fetched: the bucket keeps the files it has',
      deploy: { key: 'sanctionsListUrls', to: 'SanctionsLists' },
    },
  ),
};
