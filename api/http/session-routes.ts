import { eq } from 'drizzle-orm';
import { sessionEnd } from '#domain/shapes.ts';
import { clientAddressOf } from '../auth/origin.ts';
import { isSecure, readCookie, sessionCookieName } from '../auth/cookies.ts';
import { endOtherSessions, endOwnSession } from '../auth/session-list.ts';
import { hashToken } from '../auth/tokens.ts';
import { confirmItIsYou } from '../auth/return-to.ts';
import { requireFreshSignIn } from '../auth/step-up.ts';
import { endUserSessions } from '../auth/users.ts';
import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { recordSecurityEvent } from '../services/security-log.ts';
import { readForm } from './body.ts';
import type { RequestContext } from './context.ts';
import { HttpError, notFound } from './errors.ts';
import { requireUser } from './guards.ts';
import { handle } from './respond.ts';
import { wantsPage } from './wants-page.ts';

/**
 * POST /api/sessions (form, same origin): `action=end&session=…` ends one of one's own sessions,
 * `action=end-others` every other one, and `action=end-user&user=…` (admin only) every session of a viewer.
 * Then back to the page the form was on.
 */
export const endSessionsRoute = (context: RequestContext & { clientAddress: string }) =>
  handle(async () => {
    const user = requireUser(context.locals.user);
    const input = await readForm(context.request, sessionEnd);
    const token = readCookie(context.request, sessionCookieName(isSecure(context.url)));
    const currentSid = token ? hashToken(token) : '';
    const address = clientAddressOf(context, config());
    let back = '/account/sessions';
    // Ending one session is everyday tidying; ending every other one (or a viewer's all) is a dangerous act.
    // The page's form is sent to sign in again and brought back (return-to.ts); a script gets the 403.
    if (input.action !== 'end') {
      try {
        requireFreshSignIn(user, config());
      } catch (error) {
        if (!wantsPage(context.request.headers)) throw error;
        const from = input.action === 'end-user' ? '/data-management/security' : back;
        return new Response(null, { status: 303, headers: { Location: confirmItIsYou(from), 'Cache-Control': 'no-store' } });
      }
    }
    if (input.action === 'end') {
      if (!(await endOwnSession(db(), user.id, input.session))) throw notFound('You have no such session.');
    } else if (input.action === 'end-others') {
      await endOtherSessions(db(), user.id, currentSid);
    } else {
      if (user.role !== 'admin') throw new HttpError(403, 'Only the site owner can do this.');
      const [target] = await db().select().from(users).where(eq(users.id, input.user));
      if (!target) throw new HttpError(404, 'user: no such person', 'user');
      if (target.role === 'admin') throw new HttpError(400, "user: an admin's sessions are ended by that admin", 'user');
      await endUserSessions(db(), target.id);
      back = '/data-management/security';
    }
    await recordSecurityEvent(db(), {
      kind: 'session-ended',
      outcome: 'success',
      userId: input.action === 'end-user' ? input.user : user.id,
      email: user.email,
      reason: input.action,
      clientAddress: address,
    });
    return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'no-store' } });
  });
