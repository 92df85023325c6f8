import { createOwnerLink, siteOrigin } from '../auth/owner-link.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { hasLocalAccess } from '../export/local-access.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import type { RequestContext } from './context.ts';
import { errorResponse, handle, json } from './respond.ts';

/**
 * POST /api/login/owner/local: `npm run owner-link` on this machine asks the running server for a fresh
 * link when the server holds the embedded database (PGlite serves one process). Only over loopback with
 * the secret the server wrote into DATA_DIR; to everyone else this path does not exist. OWNER_LINK=off
 * does not apply: this is the way back in when every passkey is lost.
 */
export const ownerLinkLocalRoute = (context: RequestContext & { clientAddress: string }) =>
  handle(async () => {
    if (!hasLocalAccess(context.request, context.clientAddress)) return errorResponse(404, 'No such API endpoint.');
    const url = await createOwnerLink(db(), siteOrigin(config()));
    await recordSecurityEvent(db(), { kind: 'owner-link-minted', outcome: 'success', reason: 'npm run owner-link' });
    return json({ url });
  });
