/**
 * Wall-clock time in the owner's time zone (OWNER_TIME_ZONE). Day and month boundaries of metrics are
 * computed by PostgreSQL (`at time zone`); these helpers turn what a client sends into an instant.
 */

/**
 * One formatter per zone and use: building an Intl.DateTimeFormat costs far more than using one, and the demo
 * seed converts ≈ 15,000 instants at every fresh start; a signed-in render asks for hundreds of days.
 */
const FORMATS = {
  parts: ['en-US', { hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }],
  day: ['en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }],
} as const satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(use: keyof typeof FORMATS, zone: string): Intl.DateTimeFormat {
  const key = `${use} ${zone}`;
  let made = formatters.get(key);
  if (!made) {
    const [locale, options] = FORMATS[use];
    made = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    formatters.set(key, made);
  }
  return made;
}

/** The offset of `zone` from UTC at `instant`, in minutes (east positive). */
export function zoneOffsetMinutes(instant: Date, zone: string): number {
  const parts = formatter('parts', zone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a local wall-clock time (yyyy-mm-ddThh:mm[:ss[.fff]]) names in `zone`. */
export function zonedToUtc(local: string, zone: string): Date {
  const naive = new Date(`${local}Z`);
  // Two passes settle the offset around daylight-saving changes.
  let guess = new Date(naive.getTime() - zoneOffsetMinutes(naive, zone) * 60_000);
  guess = new Date(naive.getTime() - zoneOffsetMinutes(guess, zone) * 60_000);
  return guess;
}

/** The owner's calendar day (yyyy-mm-dd) at `instant`. */
export function localDay(instant: Date, zone: string): string {
  return formatter('day', zone).format(instant);
}

/**
 * What a client's `at` means: with an offset (or Z), that instant; a date and time without one, the
 * owner's local time; a date alone, noon of that day in the owner's zone (so a day's point never
 * slips into the neighbouring day, and resending the same date hits the same point).
 */
export function instantOf(at: string, zone: string): Date {
  const value = at.trim().replace(' ', 'T');
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return zonedToUtc(`${value}T12:00:00`, zone);
  if (/(Z|[+-]\d{2}:?\d{2})$/i.test(value)) return new Date(value);
  return zonedToUtc(value, zone);
}

/** Days between two yyyy-mm-dd dates, moving `day` by `delta` days (calendar arithmetic, zone-free). */
export function addDays(day: string, delta: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}
