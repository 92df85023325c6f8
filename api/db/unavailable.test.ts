import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('telling an unreachable database from a bad query', () => {
  it('recognises refused connections, pool timeouts and statement timeouts, also wrapped by the ORM', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(
      isDatabaseUnavailable(new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') })),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(
        new Error('Failed query', {
          cause: Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
        }),
      ),
    ).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], 'all attempts failed'))).toBe(true);
  });

  it('leaves constraint violations and programming errors alone', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
