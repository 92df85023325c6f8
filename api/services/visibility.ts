import type { Visibility } from '#domain/shapes.ts';
import type { SessionUser } from '../auth/types.ts';

/** What a person may see: visitors the public items, viewers also the signed-in ones, the owner everything. */
export function visibleLevels(user: SessionUser | null): Visibility[] {
  if (!user) return ['public'];
  return user.role === 'admin' ? ['public', 'signed-in', 'owner'] : ['public', 'signed-in'];
}

export const canSee = (user: SessionUser | null, visibility: string): boolean =>
  (visibleLevels(user) as string[]).includes(visibility);
