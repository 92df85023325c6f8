import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDatabase } from '../auth/test-db.ts';
import type { Db } from './client.ts';
import { errorFields, scrubQueryError, serviceFrom } from './query-error.ts';
import { users } from './schema.ts';

// PGlite's start and migrations take a while on a loaded machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ db, close } = await memoryDatabase());
});
afterAll(() => close());

const EMAIL = 'query-error-secret@example.test';

async function addPersonTwice(): Promise<unknown> {
  await db.insert(users).values({ id: crypto.randomUUID(), email: EMAIL }).onConflictDoNothing();
  try {
    await db.insert(users).values({ id: 'qe-2', email: EMAIL });
  } catch (error) {
    return error;
  }
  throw new Error('The second insert should have failed');
}

describe('a failed query in the log', () => {
  it('keeps the SQL text, the code, the constraint and the calling function, and drops the values', async () => {
    const error = await addPersonTwice();
    const fields = errorFields(error);
    const line = JSON.stringify(fields);
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('qe-2');
    expect(fields).toMatchObject({
      err: { code: '23505', constraint: 'users_email_unique' },
      sql: expect.stringMatching(/^insert into "users" .*values \(\$1, \$2/),
      service: expect.stringContaining('addPersonTwice'),
    });
  });

  it('can be scrubbed in place before another logger sees it', async () => {
    const error = (await addPersonTwice()) as Error & { cause?: Error & { detail?: string } };
    scrubQueryError(error);
    expect(`${error.message}\n${error.stack}\n${error.cause?.message}\n${error.cause?.stack}\n${error.cause?.detail}`).not.toContain(EMAIL);
    expect(error.message).toMatch(/^Failed query: insert into "users"/);
  });

  it("names our function, not drizzle's, when drizzle is bundled into the server's own chunks", () => {
    const stack = [
      'Error: Failed query: insert into "current_activities" ...',
      '    at NodePgPreparedQuery.queryWithCache (file:///srv/dist/server/chunks/client_AJ0kiV1S.mjs:1201:13)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:104:5)',
      '    at async PgInsertBase.execute (file:///srv/dist/server/chunks/client_AJ0kiV1S.mjs:2210:7)',
      '    at async QueryPromise.then (file:///srv/dist/server/chunks/client_AJ0kiV1S.mjs:300:5)',
      '    at async createActivity (file:///srv/dist/server/chunks/now_Bx81kd2A.mjs:40:20)',
    ].join('\n');
    expect(serviceFrom(stack)).toBe('createActivity (now_Bx81kd2A.mjs)');
  });
});
