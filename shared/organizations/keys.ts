import { type Key, type KeySpace, type ListKey, listSortKey } from '#shared/db/table-keys.ts';

/** The partition prefix of API key items (by hash), the only ones a key's use bookkeeping writes. */
export const API_KEY_KEY_PREFIX = 'APIKEY#';

export const organizationKeys = {
  organization: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'ORG' }),
  sandboxSettings: (organizationId: string): Key => ({ pk: `ORG#${organizationId}`, sk: 'SANDBOX' }),

  apiKeyByHash: (keyHash: string): Key => ({ pk: `${API_KEY_KEY_PREFIX}${keyHash}`, sk: 'APIKEY' }),
  apiKeyById: (apiKeyId: string): Key => ({ pk: `APIKEYID#${apiKeyId}`, sk: 'APIKEYID' }),
  apiKeyListEntry: (organizationId: string, createdAt: string, apiKeyId: string): ListKey => ({
    gsi1pk: `ORG#${organizationId}#APIKEYS`,
    gsi1sk: listSortKey(createdAt, apiKeyId),
  }),
  apiKeysOfOrganization: (organizationId: string) => ({ gsi1pk: `ORG#${organizationId}#APIKEYS` }),
} as const;

export const ORGANIZATION_KEY_SPACES: KeySpace[] = [
  { pk: 'ORG#{}', sk: 'ORG' },
  { pk: 'ORG#{}', sk: 'SANDBOX' },
  { pk: API_KEY_KEY_PREFIX },
  { pk: 'APIKEYID#' },
  { gsi1pk: 'ORG#{}#APIKEYS' },
];
