import type { SessionUser } from '#api/auth/types.ts';

export interface NavLink {
  href: string;
  label: string;
}

/** SPEC "Navigation bar": everyone's links, then the owner's private pages. */
export const PUBLIC_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Dashboard' },
  { href: '/projects', label: 'Portfolio' },
  // A plain link: on '/' the browser scrolls to the anchor (smoothly, see global.css); elsewhere it navigates there.
  { href: '/#stats', label: 'Stats' },
];

export const ADMIN_LINKS: readonly NavLink[] = [
  { href: '/data-management', label: 'Manage Data' },
  { href: '/diary', label: 'Diary' },
  { href: '/lab', label: 'Lab' },
  { href: '/mind-body', label: 'Mind & Body' },
];

export function navLinks(user: SessionUser | null): NavLink[] {
  return user?.role === 'admin' ? [...PUBLIC_LINKS, ...ADMIN_LINKS] : [...PUBLIC_LINKS];
}

/** The current route's link: '/' only on '/', others on their path and below it; the anchor never. */
export function isCurrentLink(href: string, path: string): boolean {
  if (href.includes('#')) return false;
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}

export function fullName(user: SessionUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** Up to two letters for the avatar when there is no picture. */
export function initials(user: SessionUser): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? '').join('');
  return (letters || user.email.charAt(0)).toUpperCase();
}
