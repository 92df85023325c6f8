import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { serverLogSize, sessionCookie } from '../support/sign-in.ts';
import { workerServer } from '../support/worker.ts';

describe('a database error in the server log', () => {
  it('names the SQL text and the calling function but carries none of the values', async () => {
    const admin = await sessionCookie('admin');
    const secret = `db-error-${Date.now().toString(36)}@example.test`;
    const offset = serverLogSize();
    // PostgreSQL refuses a NUL character inside jsonb: the shapes refuse it first (400), so the test switch sends
    // such a write straight to the service, carrying the secret in its values: an error the API does not expect.
    const response = await call('/api/test/database-error', { method: 'POST', cookie: admin, body: { secret } });
    expect(response.status, await response.clone().text()).toBe(500);
    expect(await response.text()).not.toContain(secret);

    let lines: string[] = [];
    for (let attempt = 0; attempt < 50 && !lines.some((line) => line.includes('Unexpected error')); attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      lines = readFileSync(workerServer().serverLog).subarray(offset).toString('utf8').split('\n');
    }
    const entry = lines.find((line) => line.includes('Unexpected error while handling a request'));
    expect(entry, 'the error is logged').toBeDefined();
    const fields = JSON.parse(entry!) as { sql?: string; service?: string; err?: { code?: string } };
    expect(fields.sql).toMatch(/^insert into "current_activities" .*\$1/);
    expect(fields.service, entry).toMatch(/create/i);
    expect(lines.filter((line) => line.includes(secret))).toEqual([]);
  });
});
