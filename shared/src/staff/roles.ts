/** Staff roles, weakest first: each role may do everything the ones before it may (docs/admin.md). */
export const ROLES = ['viewer', 'agent', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { viewer: 'Viewer', agent: 'Agent', owner: 'Owner' };

/** Whether an account of role `held` may use what needs `needed`. */
export const roleAllows = (held: Role, needed: Role): boolean => ROLES.indexOf(held) >= ROLES.indexOf(needed);

export const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);
