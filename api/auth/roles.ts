import type { Config } from '../config.ts';
import { ownerEmail } from '../config.ts';

export type Role = 'admin' | 'viewer';

/**
 * Admin: the owner and every address in ADMIN_EMAILS, but only once a provider (or the owner's own
 * one-time link) has verified the address. Everyone else is a viewer.
 */
export function roleFor(email: string, emailVerified: boolean, cfg: Config): Role {
  if (!emailVerified) return 'viewer';
  const address = email.trim().toLowerCase();
  return address === ownerEmail(cfg) || cfg.ADMIN_EMAILS.includes(address) ? 'admin' : 'viewer';
}
