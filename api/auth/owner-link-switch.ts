import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { anyPasskeyExists } from './passkeys.ts';
import { configuredProviders } from './provider-list.ts';

/**
 * Whether the server hands out owner links (printed at start, or by the sign-in page's button).
 * OWNER_LINK=auto (the default) and off turn them off only while there is another way in — a passkey or a
 * sign-in provider — so a server can never be left with no door at all; it is asked per use, so registering
 * the first passkey turns links off at once. `npm run owner-link` ignores it: that is the way back in.
 */
export async function ownerLinksOn(db: Db, cfg: Config): Promise<boolean> {
  if (cfg.OWNER_LINK === 'on') return true;
  return !(await anotherWayIn(db, cfg));
}

/** A passkey or a configured sign-in provider. */
export async function anotherWayIn(db: Db, cfg: Config): Promise<boolean> {
  return configuredProviders(cfg).length > 0 || (await anyPasskeyExists(db));
}
