import { pino, type DestinationStream, type Level, type Logger } from 'pino';

/**
 * The server's one logger. Production (and tests): one JSON object per line on stdout, for a log shipper.
 * Development (`npm run dev`, or LOG_FORMAT=pretty): one readable line per entry. Both escape whatever came
 * from a request: JSON by construction, the readable form by `escapeForLine` (control characters and newlines
 * never reach the terminal raw, so a request cannot forge a log line).
 *
 * It reads LOG_LEVEL and LOG_FORMAT straight from the environment, because it must work before (and while)
 * api/config.ts validates the environment; config.ts also declares both, so a bad value stops the start there.
 */
const LEVELS: readonly Level[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function levelFromEnv(): Level | 'silent' {
  const wanted = process.env.LOG_LEVEL?.trim().toLowerCase();
  if (wanted === 'silent') return 'silent';
  return LEVELS.includes(wanted as Level) ? (wanted as Level) : 'info';
}

function prettyFromEnv(): boolean {
  const format = process.env.LOG_FORMAT?.trim().toLowerCase();
  if (format === 'json') return false;
  if (format === 'pretty') return true;
  return process.env.NODE_ENV === 'development';
}

/** Control characters (C0, DEL, C1) and line/paragraph separators, written as escapes instead of raw. */
export function escapeForLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (char) => {
    const code = char.charCodeAt(0);
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return '\\t';
    return code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
  });
}

const LEVEL_NAMES: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** One JSON log line → `12:34:56 INFO  message key=value …`, every value escaped. */
export function prettyLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return `${escapeForLine(json.trimEnd())}\n`;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, ...rest } = entry;
  const clock = typeof time === 'string' ? time.slice(11, 19) : new Date().toISOString().slice(11, 19);
  const name = (LEVEL_NAMES[level as number] ?? String(level)).padEnd(5);
  const fields = Object.entries(rest).map(([key, value]) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return `${escapeForLine(key)}=${escapeForLine(text ?? '')}`;
  });
  return `${[clock, name, escapeForLine(String(msg ?? '')), ...fields].join(' ')}\n`;
}

/** Writes each JSON line pino produces as a readable line (synchronously, like pino's own stdout destination). */
const prettyStdout: DestinationStream = {
  write(line: string) {
    process.stdout.write(prettyLine(line));
  },
};

/**
 * JSON.stringify leaves U+2028 and U+2029 raw, and some log viewers break lines there: inside a JSON line they
 * can only occur in strings, where `\u2028` is the same value, escaped.
 */
export const escapeLineSeparators = (json: string): string =>
  json.includes('\u2028') || json.includes('\u2029') ? json.replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029') : json;

/** Lines kept for one event-loop turn at most: past this size they leave at once. */
const MAX_PENDING = 64 * 1024;

/**
 * The lines of one event-loop turn leave stdout in one synchronous write at the end of the turn (a write
 * per line was a third of the CPU of a cached answer under load), and at once when the process exits, so
 * no line is lost and none waits longer than the turn that logged it. Sampling or an asynchronous
 * destination would lose lines.
 */
function jsonStdout(): DestinationStream {
  const stdout = pino.destination({ dest: 1, sync: true });
  let pending = '';
  const flush = () => {
    if (pending === '') return;
    const lines = pending;
    pending = '';
    stdout.write(lines);
  };
  process.on('exit', flush);
  const destination = {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += escapeLineSeparators(line);
      if (pending.length > MAX_PENDING) flush();
    },
    // log.flush(): before something that blocks the event loop, so its lines come out first.
    flush(done?: (error?: Error) => void) {
      flush();
      done?.();
    },
  };
  return destination;
}

const destination: DestinationStream = prettyFromEnv() ? prettyStdout : jsonStdout();

function createLogger(): Logger {
  const options = {
    level: levelFromEnv(),
    timestamp: pino.stdTimeFunctions.isoTime,
    // Errors keep their message and stack; everything else is serialised as given.
    serializers: { err: pino.stdSerializers.err, error: pino.stdSerializers.err },
  };
  return pino(options, destination);
}

export const log: Logger = createLogger();

/** The fields of one request line (api/http/request-log.ts). */
export interface RequestLineFields {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
}

/** One request line: `log.info(fields, 'request')`, or `log.error` for a 5xx. */
export function writeRequestLine(fields: RequestLineFields): void {
  if (fields.status >= 500) log.error(fields, 'request');
  else log.info(fields, 'request');
}

/**
 * The owner's one-time sign-in link: exactly `Owner sign-in: <URL>`, one raw line on stdout, whatever the log
 * format, so a person (or a script) finds it with grep. It is the only secret the server ever prints.
 */
export function printOwnerLine(url: string): void {
  process.stdout.write(`Owner sign-in: ${url}\n`);
}
