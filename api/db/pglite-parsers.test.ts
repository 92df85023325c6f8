import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shareDrizzleParsers } from './pglite.ts';
import { pgTable, serial, timestamp, date, text } from 'drizzle-orm/pg-core';

const events = pgTable('events', {
  id: serial('id').primaryKey(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  day: date('day').notNull(),
  tags: text('tags').array().notNull(),
});

let client: PGlite;
const seen: Array<{ parsers?: unknown } | undefined> = [];
beforeAll(async () => {
  client = new PGlite();
  // What reaches PGlite's own query, after shareDrizzleParsers.
  const query = client.query.bind(client);
  client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    seen.push(options);
    return query(text, params, options);
  }) as typeof client.query;
  shareDrizzleParsers(client);
  await client.exec(
    'create table events (id serial primary key, at timestamptz not null, day date not null, tags text[] not null)',
  );
  // The one row both tests read, in either order.
  await drizzle({ client }).insert(events).values({ at: new Date('2026-11-25T22:30:00.123Z'), day: '2026-11-25', tags: ['a', 'b'] });
}, 60_000);
afterAll(() => client.close());

describe('drizzle’s parsers given to PGlite once', () => {
  it('reads dates, days and arrays through drizzle as before, without a parser table per query', async () => {
    const db = drizzle({ client });
    const at = new Date('2026-11-25T22:30:00.123Z');
    seen.length = 0;
    const [row] = await db.select().from(events);
    expect(row).toEqual({ id: 1, at, day: '2026-11-25', tags: ['a', 'b'] });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((options) => !options?.parsers)).toBe(true);
  });

  it('does the same inside a transaction', async () => {
    const db = drizzle({ client });
    const rows = await db.transaction(async (tx) => tx.select({ at: events.at }).from(events));
    expect(rows[0]!.at).toEqual(new Date('2026-11-25T22:30:00.123Z'));
    const raw = await db.transaction(async (tx) => tx.execute(sql`select at::text as t, at from events`));
    expect((raw as unknown as { rows: Array<{ at: unknown }> }).rows[0]!.at).toBe('2026-11-25 22:30:00.123+00');
  });

  it('keeps a parser table that brings parsers of other types', async () => {
    seen.length = 0;
    const upper = (value: string) => value.toUpperCase();
    const result = await client.query<{ t: string }>("select 'x'::text as t", [], { parsers: { 25: upper } });
    expect(result.rows[0]!.t).toBe('X');
    expect(seen[0]?.parsers).toBeDefined();
  });

  it('gives a raw read the date and time types as PostgreSQL writes them', async () => {
    const result = await client.query<{ at: unknown; day: unknown; n: unknown }>(
      'select at, day, 1::int as n from events',
    );
    expect(result.rows[0]).toEqual({ at: '2026-11-25 22:30:00.123+00', day: '2026-11-25', n: 1 });
  });
});
