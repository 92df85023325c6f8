/*
 * "The database cannot answer right now" — refused or lost connections, a pool that could not
 * connect within its timeout, a statement cut off by the statement timeout, a server shutting down.
 * Such a request gets 503 with Retry-After (try again shortly), never a 500 or a hung request.
 */

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** SQLSTATEs: class 08 (connection), 57P01-03 (shutdown, cannot connect now), 57014 (statement timeout), 53300 (too many connections). */
const SQL_STATES = /^(08...|57P0[123]|57014|53300)$/;
const MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Client has encountered a connection error|server closed the connection/i;

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0 && seen.size < 10) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || SQL_STATES.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.test(message)) return true;
    queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors);
  }
  return false;
}
