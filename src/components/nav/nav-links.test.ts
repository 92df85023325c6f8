import { describe, expect, it } from 'vitest';
import type { SessionUser } from '#api/auth/types.ts';
import { fullName, initials, isCurrentLink, navLinks } from './nav-links.ts';

const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  id: 'u1',
  email: 'ada@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  role: 'viewer',
  ...overrides,
});

describe('the navigation links', () => {
  it('shows the private pages to an admin only', () => {
    const labels = (u: SessionUser | null) => navLinks(u).map((link) => link.label);
    expect(labels(null)).toEqual(['Dashboard', 'Portfolio', 'Stats']);
    expect(labels(user())).toEqual(['Dashboard', 'Portfolio', 'Stats']);
    expect(labels(user({ role: 'admin' }))).toEqual(['Dashboard', 'Portfolio', 'Stats', 'Manage Data', 'Diary', 'Lab', 'Mind & Body']);
  });

  it('highlights the current route, its sub-pages, and never the Stats anchor', () => {
    expect(isCurrentLink('/', '/')).toBe(true);
    expect(isCurrentLink('/', '/projects')).toBe(false);
    expect(isCurrentLink('/projects', '/projects/4')).toBe(true);
    expect(isCurrentLink('/projects', '/projects-old')).toBe(false);
    expect(isCurrentLink('/#stats', '/')).toBe(false);
  });

  it('names the user by first and last name, falling back to the email', () => {
    expect(fullName(user())).toBe('Ada Lovelace');
    expect(fullName(user({ firstName: null, lastName: null }))).toBe('ada@example.test');
    expect(initials(user())).toBe('AL');
    expect(initials(user({ firstName: null, lastName: null }))).toBe('A');
  });
});
