/**
 * The next midnight in a time zone, as a timestamp. Pages showing period figures ("today", "this
 * month") are right until then, so a cached copy expires there rather than after a guessed lifetime.
 */
export function nextDayBoundary(timeZone: string, now: number = Date.now()): number {
  const since = msSinceMidnight(timeZone, now);
  let candidate = now - since + 24 * 3600_000;
  // On a daylight-saving day the day is 23 or 25 hours long: step to the local midnight itself.
  for (let step = 0; step < 2; step++) {
    const off = msSinceMidnight(timeZone, candidate);
    if (off === 0) break;
    candidate += off < 12 * 3600_000 ? -off : 24 * 3600_000 - off;
  }
  return candidate;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function msSinceMidnight(timeZone: string, at: number): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  const ms = at % 1000;
  return (
    ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + (ms < 0 ? ms + 1000 : ms)
  );
}
