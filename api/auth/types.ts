/** What the server knows about the person behind a request. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: 'admin' | 'viewer';
  /**
   * When this session's sign-in happened (ISO 8601); null or absent when unknown (an older session, a test's
   * stale session, a bearer token). Dangerous acts need it recent: api/auth/step-up.ts.
   */
  signedInAt?: string | null;
}

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'admin';
