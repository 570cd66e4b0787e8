import type { components } from '#infra/openapi/generated/console-api-types.ts';

/** From the generated types, not `api.ts`: the unit test reads this file outside a browser. */
type Role = components['schemas']['ConsoleSession']['member']['role'];

/**
 * What each role may do, for the Members and invite pages: the server's `PERMISSION_TABLE`
 * (shared/console/common/roles.ts) mirrored here so the bundle carries no server code; test/unit/console/role-words.test.ts
 * fails when the two differ.
 */
export const ROLE_PERMISSIONS = {
  owner: [
    'read',
    'approve',
    'manageKeys',
    'manageWebhooks',
    'invite',
    'settings',
    'audit',
    'exportAccounts',
    'review',
    'operate',
  ],
  admin: ['read', 'approve', 'manageKeys', 'manageWebhooks', 'invite', 'audit', 'exportAccounts', 'review', 'operate'],
  approver: ['read', 'approve'],
  compliance: ['read', 'review'],
  developer: ['read', 'manageKeys', 'manageWebhooks'],
  viewer: ['read'],
} as const satisfies Record<Role, readonly string[]>;

export const PERMISSION_WORDS: Record<(typeof ROLE_PERMISSIONS)[Role][number], string> = {
  read: 'see payouts, customers, members and settings',
  approve: 'sign or reject withdrawals',
  manageKeys: 'create and revoke API keys',
  manageWebhooks: 'manage webhooks',
  invite: 'invite members',
  settings: 'change the settings',
  audit: 'read the audit log',
  exportAccounts: 'export transactions with full account numbers (audited)',
  review: "decide customers' KYC and the banks and virtual accounts waiting for review (audited)",
  operate: 'see payouts the bank has not answered and settle one by hand with a second person',
};

/** `approver` -> `see payouts, customers, members and settings; sign or reject withdrawals`. */
export const roleAbilities = (role: Role) =>
  ROLE_PERMISSIONS[role].map((permission) => PERMISSION_WORDS[permission]).join('; ');

/** The server's `mayInvite` (shared/console/common/roles.ts): an admin neither invites nor manages an owner's invite. */
export const mayInviteRole = (inviter: Role, invited: Role) =>
  (ROLE_PERMISSIONS[inviter] as readonly string[]).includes('invite') && (inviter === 'owner' || invited !== 'owner');
