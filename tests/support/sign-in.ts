import type { BrowserContext } from 'playwright-core';

export type Role = 'admin' | 'viewer';

/**
 * The Cookie header of a fresh session for a user of `role`, obtained through the real sign-in path
 * (admin: the owner's one-time link; viewer: the test OpenID provider with a non-admin email).
 */
export async function sessionCookie(_role: Role): Promise<string> {
  throw new Error('sign-in helpers are not implemented yet');
}

/** Signs a browser context in as `role` (its cookies then carry the session). */
export async function signIn(_context: BrowserContext, _role: Role): Promise<void> {
  throw new Error('sign-in helpers are not implemented yet');
}
