import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/http.ts';
import { SEEDED_INSIGHT_ROUTE } from '../support/routes.ts';
import { sessionCookie } from '../support/sign-in.ts';

/*
 * Insights are the owner's alone (issue 30, items 4 and 7): /insights and a card's days answer 404 to visitors
 * and viewers, like any unknown address, and no insight's words reach their pages.
 */
let admin = '';
let viewer = '';
beforeAll(async () => {
  admin = await sessionCookie('admin');
  viewer = await sessionCookie('viewer');
});

const cardPath = async () => {
  const html = await (await call('/insights', { cookie: admin })).text();
  return /href="(\/insights\/[0-9a-f]{12})"/.exec(html)?.[1];
};

describe('insights', () => {
  it('show the owner the seeded cards, each linking to its days, never kept by a shared cache', async () => {
    const response = await call('/insights', { cookie: admin });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('On days tagged <em>outdoors</em> your mood averaged');
    expect(html).toContain('A pattern in your data, not a cause.');
    const path = await cardPath();
    expect((await call(path!, { cookie: admin })).status).toBe(200);
    expect((await call('/insights/000000000000', { cookie: admin })).status).toBe(404);
  });

  it('show the owner the days of the card the route list names, so the page matrices scan a page, not a 404', async () => {
    const response = await call(SEEDED_INSIGHT_ROUTE, { cookie: admin });
    const why = `${SEEDED_INSIGHT_ROUTE} (tests/support/routes.ts: coffee with deep work) is no longer a card of the seed; name one that is`;
    expect(response.status, why).toBe(200);
    expect(await response.text(), why).toContain('Coffee and Deep work');
  });

  it('answer 404 to visitors and viewers, whose pages carry none of their words', async () => {
    const path = (await cardPath())!;
    for (const cookie of [null, viewer]) {
      const who = cookie ? 'viewer' : 'visitor';
      for (const page of ['/insights', path]) {
        const response = await call(page, { cookie });
        expect(response.status, `${who} ${page}`).toBe(404);
        expect(await response.text(), `${who} ${page}`).not.toContain('outdoors');
      }
      const home = await (await call('/', { cookie })).text();
      expect(home, who).not.toContain('On days tagged');
      expect(home, who).not.toContain('A pattern in your data');
      expect(home, who).not.toContain('href="/insights"');
    }
  });
});
