import type { AdminListName, Role } from '@sourcing/shared';
import { LIST_DEFINITIONS } from '../lists/list-definitions';

export interface NavItem {
  label: string;
  to: string;
  /** The list whose unread count this link shows. */
  list?: AdminListName;
  /** Shown only to this role and above (the server refuses the rest anyway). */
  role?: Role;
}

/** Sidebar links in the order of docs/admin.md#layout (Logout is a button after them). */
export const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: '/admin' },
  ...LIST_DEFINITIONS.map((d) => ({ label: d.navLabel, to: `/admin/${d.route}`, list: d.name })),
  { label: 'Reports', to: '/admin/reports', role: 'agent' },
  { label: 'Unmatched mail', to: '/admin/unmatched-mail', role: 'agent' },
  { label: 'Outbox', to: '/admin/outbox', role: 'owner' },
  { label: 'Audit', to: '/admin/audit', role: 'owner' },
  { label: 'People', to: '/admin/people', role: 'owner' },
  { label: 'Settings', to: '/admin/settings', role: 'owner' },
];

/** The header title for a path: the label of the section it belongs to. */
export function pageTitleFor(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/admin') return 'Dashboard';
  if (path === '/admin/account') return 'Your account';
  const item = NAV_ITEMS.find((i) => i.to !== '/admin' && (path === i.to || path.startsWith(`${i.to}/`)));
  return item?.label ?? 'Page Not Found';
}
