import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { freshDatabase } from '../export/test-databases.ts';
import { createProject } from './projects.ts';
import { prefixQuery, searchProjects, snippetParts, substringSnippet, type SearchHit } from './project-search.ts';

/*
 * The same search on the embedded database and on PostgreSQL (when TEST_DATABASE_URL names one): the same
 * SQL must find, rank and quote the same way on both, whatever the server's default text-search configuration.
 */
const kinds = (['embedded', 'this pass'] as const).filter((kind) => kind === 'embedded' || process.env.TEST_DATABASE_URL);

const PROJECTS = [
  {
    name: 'Tide Tables',
    description: 'A calm chart of the sea.',
    technologies: ['Astro', 'D3'],
    tags: ['ocean'],
    caseStudy: '## Problem\n\nFishermen read **tidal** charts at dawn. We sketched [lanterns](https://x.example) by hand.',
    caseStudyPublished: true,
  },
  {
    name: 'Lantern',
    description: 'A reading light for the evening.',
    technologies: ['Rust'],
    tags: ['hardware'],
    caseStudy: 'A secret draft about tidal power.',
    caseStudyPublished: false,
  },
  { name: 'Moon Phases', description: 'Tides and moons, drawn daily.', technologies: ['Svelte'], tags: ['sky', 'tidal'], caseStudy: '', caseStudyPublished: false },
];

type Kind = (typeof kinds)[number];
const databases = new Map<Kind, { fresh: { database: Database; drop(): Promise<void> }; ids: Map<string, number> }>();

beforeAll(async () => {
  for (const kind of kinds) {
    const fresh = await freshDatabase(kind);
    // The server's default configuration must not matter: make it one that stems English.
    await fresh.database.db.execute(`set default_text_search_config = 'pg_catalog.english'`);
    const ids = new Map<string, number>();
    for (const project of PROJECTS) {
      const row = await createProject(fresh.database.db, { ...project, status: 'active', progress: 50, category: 'creative' });
      ids.set(project.name, row.id);
    }
    databases.set(kind, { fresh, ids });
  }
}, 240_000);
afterAll(async () => {
  for (const { fresh } of databases.values()) await fresh.drop();
});

describe.each(kinds)('project search on the %s database', (kind) => {
  const search = (query: string) => searchProjects(databases.get(kind)!.fresh.database.db, query);
  const names = (hits: SearchHit[]) => hits.map((hit) => [...databases.get(kind)!.ids].find(([, id]) => id === hit.id)?.[0]);

  it('finds a word in the published case study, never in a draft, and quotes the phrase', async () => {
    const hits = await search('sketched');
    expect(names(hits)).toEqual(['Tide Tables']);
    const text = hits[0]!.snippet!.map((part) => (part.hit ? `[${part.text}]` : part.text)).join('');
    expect(text).toContain('We [sketched] lanterns by hand');
    expect(text).not.toContain('https://');
    expect(text).not.toContain('**');
    expect(names(await search('secret'))).toEqual([]);
  });

  it('ranks a name above a case study, a description and tags, and matches prefixes', async () => {
    expect(names(await search('lantern'))).toEqual(['Lantern', 'Tide Tables']);
    const tidal = names(await search('tidal'));
    expect(tidal).toHaveLength(2);
    expect(tidal).toEqual(expect.arrayContaining(['Tide Tables', 'Moon Phases']));
    expect(names(await search('tid'))).toEqual(expect.arrayContaining(['Tide Tables', 'Moon Phases']));
    expect(names(await search('rust'))).toEqual(['Lantern']);
  });

  it('takes web-search syntax: phrases, exclusions, or', async () => {
    expect(names(await search('"read tidal charts"'))).toEqual(['Tide Tables']);
    expect(names(await search('tidal -moons'))).toEqual(['Tide Tables']);
    expect(names(await search('rust or svelte'))).toEqual(expect.arrayContaining(['Lantern', 'Moon Phases']));
    expect(await search('-moons')).toEqual([]);
    expect(await search('   ')).toEqual([]);
    expect(await search("'; drop table projects; --")).toEqual([]);
    expect(names(await search('o\'neil:* & !(tide)'))).toEqual([]);
  });
});

describe('the search on both databases', () => {
  const queries = ['sketched', 'secret', 'lantern', 'tidal', 'tid', 'rust', '"read tidal charts"', 'tidal -moons', 'rust or svelte'];
  it.runIf(kinds.length === 2)('answers alike', async () => {
    for (const query of queries) {
      const [embedded, other] = await Promise.all(kinds.map((kind) => searchProjects(databases.get(kind)!.fresh.database.db, query)));
      expect(other, query).toEqual(embedded);
    }
  });
});

describe('search helpers', () => {
  it('makes a prefix term of every word typed, and excludes the ones after a dash', () => {
    expect(prefixQuery('tide tab')).toBe("'tide':* & 'tab':*");
    expect(prefixQuery("tide -moon or O'Neil")).toBe("'tide':* & !'moon' & 'O':* & 'Neil':*");
    expect(prefixQuery('-moon')).toBe('');
    expect(prefixQuery('*&|!')).toBe('');
  });

  it('splits a headline at its markers', () => {
    expect(snippetParts('a \uE000tide\uE001 chart')).toEqual([
      { text: 'a ', hit: false },
      { text: 'tide', hit: true },
      { text: ' chart', hit: false },
    ]);
    expect(snippetParts('no match')).toBeNull();
  });

  it('quotes a substring match', () => {
    expect(substringSnippet('A calm chart of the sea.', 'ALM CH', 4)).toEqual([
      { text: 'A c', hit: false },
      { text: 'alm ch', hit: true },
      { text: 'art …', hit: false },
    ]);
    expect(substringSnippet('abc', 'z')).toBeNull();
  });
});
