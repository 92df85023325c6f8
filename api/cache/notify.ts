import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Invalidation } from './invalidation-event.ts';
import { onInvalidate, receiveRemoteInvalidation } from './invalidation.ts';
import { log } from '#api/log.ts';

/*
 * Several server processes on one PostgreSQL database: each announces its invalidations with NOTIFY
 * and LISTENs for the others', so a write in one process reaches every process's cached pages within
 * a second, through the database they already share. LISTEN needs a session of its own that stays
 * open, which a transaction-pooling proxy (PgBouncer, Supabase/Neon poolers) cannot give: hence
 * DATABASE_DIRECT_URL.
 */

export const CHANNEL = 'portfolio_cache_invalidation';

/** NOTIFY payloads are limited to 8000 bytes; a longer list is sent as "everything". */
const MAX_PAYLOAD = 7_500;

interface Message {
  from: string;
  kind: Invalidation['kind'];
  paths?: string[];
}

/** True when the URL looks like a transaction pooler, where LISTEN does not work. */
export function looksPooled(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.port === '6432' ||
      parsed.port === '6543' ||
      /pooler|pgbouncer|pgbouncer=true/i.test(parsed.hostname + parsed.search)
    );
  } catch {
    return false;
  }
}

/**
 * For a process that runs no bridge (the import CLI): the NOTIFY that tells every server on this PostgreSQL
 * database to empty its visitor cache. A server that already announced the same through its bridge costs one
 * more clear, nothing worse.
 */
export function everythingChangedNotice(): { channel: string; payload: string } {
  const message: Message = { from: randomUUID(), kind: 'everything' };
  return { channel: CHANNEL, payload: JSON.stringify(message) };
}

export interface InvalidationBridge {
  close(): Promise<void>;
}

export function startInvalidationBridge(listenUrl: string, pool: pg.Pool): InvalidationBridge {
  const processId = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retryDelay = 500;
  let timer: NodeJS.Timeout | undefined;
  let connectedBefore = false;

  const stopPublishing = onInvalidate(async (invalidation, source) => {
    if (source !== 'local') return;
    let message: Message = {
      from: processId,
      kind: invalidation.kind,
      ...(invalidation.kind === 'paths' ? { paths: invalidation.paths } : {}),
    };
    if (Buffer.byteLength(JSON.stringify(message)) > MAX_PAYLOAD) message = { from: processId, kind: 'everything' };
    await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)]);
  });

  async function connect(): Promise<void> {
    if (closed) return;
    const next = new pg.Client({ connectionString: listenUrl, connectionTimeoutMillis: 2_000, keepAlive: true });
    next.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      let message: Message;
      try {
        message = JSON.parse(notification.payload) as Message;
      } catch {
        return;
      }
      if (message.from === processId) return;
      const invalidation: Invalidation =
        message.kind === 'paths' && Array.isArray(message.paths)
          ? { kind: 'paths', paths: message.paths.filter((p) => typeof p === 'string') }
          : { kind: 'everything' };
      void receiveRemoteInvalidation(invalidation);
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      schedule();
    };
    next.on('error', (error) => {
      log.error({ reason: error.message }, 'Cache invalidation listener lost its database connection');
      lost();
    });
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (error) {
      next.removeAllListeners();
      next.on('error', () => {});
      next.end().catch(() => {});
      if (!closed) log.error({ reason: (error as Error).message }, 'Cache invalidation listener could not connect');
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryDelay = 500;
    // Whatever was announced while we were not listening is unknown: start over.
    if (connectedBefore) await receiveRemoteInvalidation({ kind: 'everything' });
    connectedBefore = true;
  }

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5_000);
  }

  void connect();

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      stopPublishing();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}
