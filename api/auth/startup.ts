import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Job } from '../jobs.ts';
import { log, printOwnerLine } from '../log.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { createOwnerLink, siteOrigin } from './owner-link.ts';
import { ownerLinksOn } from './owner-link-switch.ts';
import { deleteExpiredSessions } from './session.ts';
import { reevaluateRoles } from './users.ts';

/** Before serving: roles follow the current ADMIN_EMAILS (demoted users are signed out); expired sessions go. */
export async function prepareAuth(db: Db, cfg: Config): Promise<void> {
  const { promoted, demoted } = await reevaluateRoles(db, cfg);
  if (promoted || demoted) log.info({ promoted, demoted }, 'Roles updated from ADMIN_EMAILS');
  await deleteExpiredSessions(db);
}

/** A server that runs for weeks must not keep every expired session until its next start. */
export const expiredSessionsJob = (db: Db): Job => ({ name: 'expired sessions', everyMs: 6 * 60 * 60 * 1000, run: () => deleteExpiredSessions(db) });

/**
 * Once listening: the owner's one-time link, so a fresh install can be signed into offline; once another way in
 * exists (OWNER_LINK=auto or off) none, and a word on how to get one anyway.
 */
export async function printOwnerLink(db: Db, cfg: Config, print: (url: string) => void = printOwnerLine): Promise<void> {
  if (await ownerLinksOn(db, cfg)) {
    if (cfg.OWNER_LINK === 'off') {
      log.warn('OWNER_LINK=off is not honoured yet: there is no passkey and no sign-in provider, so owner links stay on until one exists');
    }
    print(await createOwnerLink(db, siteOrigin(cfg)));
    await recordSecurityEvent(db, { kind: 'owner-link-minted', outcome: 'success', reason: 'printed at start-up' });
    return;
  }
  log.info(
    `Owner sign-in links are off (OWNER_LINK=${cfg.OWNER_LINK}, and a passkey or a sign-in provider exists); run \`npm run owner-link\` on this machine to get one`,
  );
}
