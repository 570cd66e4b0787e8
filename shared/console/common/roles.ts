import type { ConsolePermission } from '#shared/routing/route.ts';
import * as z from '#shared/validation/zod.ts';

/** The roles of an organization's members, most powerful first. */
export const ROLES = ['owner', 'admin', 'approver', 'compliance', 'developer', 'viewer'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** What a console route may require. Every console route names exactly one (see README.md). */
export type Permission = ConsolePermission;

/** The permission table of README.md, as code: a role may do what its row lists and nothing else. */
export const PERMISSION_TABLE: Record<Role, readonly Permission[]> = {
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
};

export const may = (role: Role, permission: Permission): boolean => PERMISSION_TABLE[role].includes(permission);

/** A role the permission is refused to (the weakest), or undefined when every role has it (`read`). */
export const roleWithout = (permission: Permission): Role | undefined =>
  [...ROLES].reverse().find((role) => !may(role, permission));

/** Which roles a member may invite: owners anyone, admins anyone but owners. */
export function mayInvite(inviter: Role, invited: Role): boolean {
  if (!may(inviter, 'invite')) return false;
  return inviter === 'owner' || invited !== 'owner';
}
