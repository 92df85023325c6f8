/**
 * What a log may say about a failed query. Drizzle's error message carries the query's parameters (emails,
 * token hashes, whatever a person typed), and PostgreSQL's `detail` repeats the offending value ("Key
 * (email)=(…) already exists"), so neither is logged: the error's code, constraint, table and column, its
 * message with quoted values masked, the SQL text with its `$n` placeholders, and the function that ran it.
 */
export interface QueryErrorFields {
  err: { type: string; message: string; code?: string; constraint?: string; table?: string; column?: string };
  /** The statement, with `$1`-style placeholders where the values were. */
  sql?: string;
  /** The first function outside the database drivers that awaited the query (`createProject (projects.ts)`). */
  service?: string;
}

interface QueryErrorLike {
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
}

const isQueryError = (error: unknown): error is Error & QueryErrorLike =>
  error instanceof Error && typeof (error as QueryErrorLike).query === 'string' && 'params' in error;

/** PostgreSQL quotes the values it complains about (`invalid input syntax for type integer: "abc"`). */
const maskQuoted = (message: string) => message.replace(/"[^"]*"/g, '"…"').replace(/\([^()]*\)=\([^()]*\)/g, '(…)=(…)');

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * drizzle-orm's own classes (NodePgPreparedQuery, PgInsertBase, PgliteSession, QueryPromise...). The server
 * build bundles drizzle (ADR 016), so its frames carry no node_modules path: they are known by their names.
 */
const DRIZZLE_FRAME = /^(?:NodePg|Pglite|Pg[A-Z]|QueryPromise\b)/;

/** Frames of our own code (not node_modules, not Node's internals, not drizzle), from the innermost out. */
export function serviceFrom(stack: string | undefined): string | undefined {
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const match = /^\s*at (?:async )?([\w$.<>]+) \((.+?):\d+:\d+\)$/.exec(line);
    if (!match) continue;
    const [, name = '', file = ''] = match;
    if (/node_modules|^node:|[\\/]api[\\/]db[\\/](?:client|query-error)\.[jt]s$/.test(file)) continue;
    if (DRIZZLE_FRAME.test(name)) continue;
    return `${name} (${file.split(/[\\/]/).pop()})`;
  }
  return undefined;
}

/** Log fields for any error; a failed query loses its parameters on the way. */
export function errorFields(error: unknown): QueryErrorFields | { err: unknown } {
  if (!isQueryError(error)) return { err: error };
  const cause = (error.cause ?? {}) as QueryErrorLike & { message?: unknown };
  const code = text(cause.code);
  const constraint = text(cause.constraint);
  const table = text(cause.table);
  const column = text(cause.column);
  const causeMessage = text(cause.message);
  return {
    err: {
      type: error.constructor.name,
      message: causeMessage ? maskQuoted(causeMessage) : 'query failed',
      ...(code ? { code } : {}),
      ...(constraint ? { constraint } : {}),
      ...(table ? { table } : {}),
      ...(column ? { column } : {}),
    },
    sql: error.query as string,
    ...(serviceFrom(error.stack) ? { service: serviceFrom(error.stack) } : {}),
  };
}

/**
 * Strips the parameters from a failed query's error in place, before it travels on to a logger that is not
 * ours (Astro logs what a page throws). Its message keeps the SQL text.
 */
export function scrubQueryError(error: unknown): void {
  if (!isQueryError(error)) return;
  error.message = `Failed query: ${error.query as string}`;
  error.params = undefined;
  if (error.stack) error.stack = error.stack.replace(/^[\s\S]*?\n(?=\s+at )/, `Error: ${error.message}\n`);
  const cause = error.cause as { detail?: unknown; message?: unknown; stack?: unknown } | undefined;
  if (cause && typeof cause === 'object') {
    cause.detail = undefined;
    if (typeof cause.message === 'string') cause.message = maskQuoted(cause.message);
    if (typeof cause.stack === 'string') cause.stack = maskQuoted(cause.stack);
  }
}
