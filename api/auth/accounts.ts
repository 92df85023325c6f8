import { and, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { userAccounts, users } from '../db/schema.ts';
import type { ProviderId } from './provider-list.ts';
import { roleFor } from './roles.ts';
import { applyRole, claimVerified, newUserId } from './users.ts';

type UserRow = typeof users.$inferSelect;

/** What a provider told us about the person who signed in. */
export interface ProviderIdentity {
  provider: ProviderId;
  /** The provider's stable id for the person (OIDC `sub`, GitHub's numeric user id). */
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  picture: string | null;
}

export type AccountResult = { user: UserRow } | { refused: string };

/**
 * The account an identity signs into. An identity seen before keeps its account; otherwise accounts
 * are matched by email, but only a verified email may join an existing account (and a verified
 * email takes over an account that only an unverified claim had). An unverified email never joins
 * someone else's account and never makes anyone an admin. The role is re-evaluated on the way out.
 */
export async function resolveAccount(db: Db, cfg: Config, identity: ProviderIdentity): Promise<AccountResult> {
  const email = identity.email.trim().toLowerCase();
  const profile = {
    ...(identity.firstName ? { firstName: identity.firstName } : {}),
    ...(identity.lastName ? { lastName: identity.lastName } : {}),
    ...(identity.picture ? { profileImageUrl: identity.picture } : {}),
  };

  const [linked] = await db
    .select({ user: users })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.provider, identity.provider), eq(userAccounts.subject, identity.subject)));
  if (linked) {
    let user = linked.user;
    if (identity.emailVerified && email === user.email) user = await claimVerified(db, user);
    return { user: await applyRole(db, await withProfile(db, user, profile), cfg) };
  }

  const [existing] = await db.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (!identity.emailVerified) {
      return {
        refused:
          'An account with this email address already exists, and your provider has not verified that the address is yours. Verify it with your provider, or sign in the way you did before.',
      };
    }
    const claimed = await claimVerified(db, existing);
    await link(db, identity, claimed.id);
    return { user: await applyRole(db, await withProfile(db, claimed, profile), cfg) };
  }

  const [created] = await db
    .insert(users)
    .values({ id: newUserId(), email, emailVerified: identity.emailVerified, role: roleFor(email, identity.emailVerified, cfg), ...profile })
    .onConflictDoNothing()
    .returning();
  if (!created) return resolveAccount(db, cfg, identity); // the same person signed in twice at once
  await link(db, identity, created.id);
  return { user: created };
}

async function link(db: Db, identity: ProviderIdentity, userId: string): Promise<void> {
  await db.insert(userAccounts).values({ provider: identity.provider, subject: identity.subject, userId }).onConflictDoNothing();
}

async function withProfile(db: Db, user: UserRow, profile: Partial<Pick<UserRow, 'firstName' | 'lastName' | 'profileImageUrl'>>): Promise<UserRow> {
  const changed = Object.entries(profile).some(([key, value]) => user[key as keyof typeof profile] !== value);
  if (!changed) return user;
  const [updated] = await db.update(users).set({ ...profile, updatedAt: new Date() }).where(eq(users.id, user.id)).returning();
  return updated ?? user;
}
