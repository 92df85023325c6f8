import { STORAGE_KEYS } from '#domain/vocabulary.ts';

/*
 * Check-ins made while the connection is down (issue 30), kept in the browser's storage until they are sent.
 * Changes for one day merge (the last tap on a scale wins), as the server merges them. The box names whose it
 * is: a different person signed in on this browser never sends another's check-in, and signing out empties it.
 */
export interface CheckinChanges {
  mood?: number | null;
  energy?: number | null;
  note?: string;
  tags?: string[];
}
interface Outbox {
  user: string;
  days: Record<string, CheckinChanges>;
}

const KEY = STORAGE_KEYS.checkinOutbox;

function read(): Outbox | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Outbox | null;
    return parsed && typeof parsed.user === 'string' && parsed.days && typeof parsed.days === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** Keeps `changes` for `day` until they can be sent. */
export function keep(user: string, day: string, changes: CheckinChanges): void {
  const box = read();
  const days = box?.user === user ? box.days : {};
  days[day] = { ...days[day], ...changes };
  try {
    localStorage.setItem(KEY, JSON.stringify({ user, days }));
  } catch {
    // no storage (private mode): the change is lost, and the screen has said it is not sent
  }
}

/** What waits to be sent for this person, oldest day first; another person's box is dropped. */
export function waiting(user: string): Array<[string, CheckinChanges]> {
  const box = read();
  if (box && box.user !== user) forgetAll();
  return box?.user === user ? Object.entries(box.days).sort(([a], [b]) => a.localeCompare(b)) : [];
}

/** Removes a day once it is sent. */
export function sent(user: string, day: string): void {
  const box = read();
  if (!box || box.user !== user) return;
  delete box.days[day];
  try {
    if (Object.keys(box.days).length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(box));
  } catch {
    // nothing to update
  }
}

/** At sign-out. */
export function forgetAll(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
