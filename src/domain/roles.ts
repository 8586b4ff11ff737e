/**
 * Roles and their ranks (docs/product/accounts.md#roles):
 * a route or an action names the lowest rank it needs, and every higher role
 * passes too. Nothing about an e-mail address's text ever grants a role.
 */
export const ROLES = ['guest', 'applicant', 'homeowner', 'admin'] as const;

export type Role = (typeof ROLES)[number];

/** guest 0 (just signed up), applicant 1 (submitted an application), homeowner 2, admin 3. */
export const ROLE_RANK: Readonly<Record<Role, number>> = { guest: 0, applicant: 1, homeowner: 2, admin: 3 };

export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  guest: 'Guest',
  applicant: 'Applicant',
  homeowner: 'Homeowner',
  admin: 'Admin',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The rank of a role; anything that is not a known role ranks below guest (-1), so it passes no check. */
export function roleRank(role: unknown): number {
  return isRole(role) ? ROLE_RANK[role] : -1;
}

/** Whether `role` reaches `min` (a rank number or a role name). */
export function hasRank(role: unknown, min: number | Role): boolean {
  const needed = typeof min === 'number' ? min : ROLE_RANK[min];
  return roleRank(role) >= needed;
}

export function roleLabel(role: unknown): string {
  return isRole(role) ? ROLE_LABELS[role] : 'Unknown';
}
