import { describe, expect, it } from 'vitest';
import { isFreshSignIn, requireFreshSignIn, STEP_UP_REQUIRED, StepUpRequired } from './step-up.ts';

const now = new Date('2026-11-28T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe('a sign-in is fresh', () => {
  it('up to STEP_UP_SECONDS after it happened, and not a moment later', () => {
    expect(isFreshSignIn(ago(0), 600, now)).toBe(true);
    expect(isFreshSignIn(ago(599), 600, now)).toBe(true);
    expect(isFreshSignIn(ago(600), 600, now)).toBe(true);
    expect(isFreshSignIn(new Date(ago(600).getTime() - 1), 600, now)).toBe(false);
    expect(isFreshSignIn(ago(90 * 24 * 3600), 600, now)).toBe(false);
  });

  it('never when the session does not know when it signed in', () => {
    expect(isFreshSignIn(null, 600, now)).toBe(false);
    expect(isFreshSignIn(undefined, 600, now)).toBe(false);
    expect(isFreshSignIn('not a date', 600, now)).toBe(false);
  });

  it('reads the ISO text a session user carries', () => {
    expect(isFreshSignIn(ago(30).toISOString(), 60, now)).toBe(true);
    expect(isFreshSignIn(ago(61).toISOString(), 60, now)).toBe(false);
  });

  it('not when the sign-in claims to be from the future beyond a minute of clock drift', () => {
    expect(isFreshSignIn(ago(-30), 600, now)).toBe(true);
    expect(isFreshSignIn(ago(-3600), 600, now)).toBe(false);
  });
});

describe('requireFreshSignIn', () => {
  const user = { id: 'u', email: 'o@example.test', firstName: null, lastName: null, profileImageUrl: null, role: 'admin' as const };

  it('lets a fresh session through', () => {
    expect(() => requireFreshSignIn({ ...user, signedInAt: ago(10).toISOString() }, { STEP_UP_SECONDS: 600 }, now)).not.toThrow();
  });

  it('answers a stale one 403 with a body naming what is needed', () => {
    let thrown: unknown;
    try {
      requireFreshSignIn({ ...user, signedInAt: ago(601).toISOString() }, { STEP_UP_SECONDS: 600 }, now);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(StepUpRequired);
    expect((thrown as StepUpRequired).status).toBe(403);
    expect((thrown as StepUpRequired).body).toMatchObject({ error: STEP_UP_REQUIRED, seconds: 600 });
  });
});
