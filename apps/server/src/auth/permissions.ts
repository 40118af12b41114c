import { PERMISSIONS, ROLES } from '@asl/protocol';

export const ROLE_PERMISSIONS: Record<string, readonly string[]> = {
  [ROLES.learner]: [PERMISSIONS.readOwnData, PERMISSIONS.createContent],
  [ROLES.admin]: [PERMISSIONS.readOwnData, PERMISSIONS.createContent, PERMISSIONS.installPlugins],
};

export function permissionsFor(roles: readonly string[]): string[] {
  return [...new Set(roles.flatMap((r) => ROLE_PERMISSIONS[r] ?? []))].sort();
}
