/** What the server knows about the person behind a request. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: 'admin' | 'viewer';
}

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'admin';
