import type { SessionUser } from '../auth/types.ts';
import { HttpError } from './errors.ts';

/** 401 for a visitor. */
export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw new HttpError(401, 'Sign in to continue.');
  return user;
}

/** 401 for a visitor, 403 for a signed-in viewer: only the owner changes the owner's data. */
export function requireAdmin(user: SessionUser | null): SessionUser {
  const signedIn = requireUser(user);
  if (signedIn.role !== 'admin') throw new HttpError(403, 'Only the site owner can do this.');
  return signedIn;
}
