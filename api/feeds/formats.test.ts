import { parseJsonFeed, parseRssFeed } from 'feedsmith';
import { describe, expect, it } from 'vitest';
import { absoluteAddresses, xmlSafe, type FeedEntry } from './entries.ts';
import { jsonFeed, rssFeed } from './formats.ts';

const origin = 'https://me.example';
const entries: FeedEntry[] = [
  {
    id: `${origin}/public-projects/2`,
    url: `${origin}/public-projects/2`,
    title: xmlSafe('Tide <chart> & "friends" ]]> \u0007done'),
    summary: 'A tide chart for anglers.',
    contentHtml: absoluteAddresses(
      '<h3 id="why"><a class="heading-anchor" href="#why">Why</a></h3><p><img src="/api/images/abcdefghijkl?w=960" srcset="/api/images/abcdefghijkl?w=480 480w, /api/images/abcdefghijkl?w=960 960w" alt="Sketch"> and <a href="https://example.org/x">a link</a></p>',
      `${origin}/public-projects/2`,
    ),
    picture: { url: `${origin}/api/images/abcdefghijkl`, type: 'image/webp', length: 1234 },
    categories: ['Development', 'maps'],
    published: new Date('2026-01-05T10:00:00Z'),
    updated: new Date('2026-11-20T08:30:00Z'),
  },
  {
    id: `${origin}/public-projects/1`,
    url: `${origin}/public-projects/1`,
    title: 'Calm Canvas',
    summary: 'A design system for quiet interfaces.',
    contentHtml: null,
    picture: null,
    categories: ['UI/UX Design'],
    published: new Date('2025-03-01T00:00:00Z'),
    updated: new Date('2025-04-01T00:00:00Z'),
  },
];

describe('the RSS 2.0 feed', () => {
  it('parses, with the channel and every item’s required and promised fields', () => {
    const feed = parseRssFeed(rssFeed(entries, origin));
    expect(feed.title).toBe('Creative Technologist: projects');
    expect(feed.link).toBe(`${origin}/public-projects`);
    expect(feed.description).toBeTruthy();
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items!;
    expect(first!.title).toBe('Tide <chart> & "friends" ]]> done');
    expect(first!.link).toBe(`${origin}/public-projects/2`);
    expect(first!.guid?.value).toBe(`${origin}/public-projects/2`);
    expect(new Date(first!.pubDate!).toISOString()).toBe('2026-11-20T08:30:00.000Z');
    expect(first!.description).toBe('A tide chart for anglers.');
    expect(first!.categories?.map((category) => category.name)).toEqual(['Development', 'maps']);
    expect(first!.enclosures?.[0]).toMatchObject({ url: `${origin}/api/images/abcdefghijkl`, type: 'image/webp', length: 1234 });
    // The body with addresses a reader can follow away from the site.
    const body = first!.content?.encoded ?? '';
    expect(body).toContain(`src="${origin}/api/images/abcdefghijkl?w=960"`);
    expect(body).toContain(`srcset="${origin}/api/images/abcdefghijkl?w=480 480w, ${origin}/api/images/abcdefghijkl?w=960 960w"`);
    expect(body).toContain(`href="${origin}/public-projects/2#why"`);
    expect(body).toContain('href="https://example.org/x"');
    expect(second!.content?.encoded).toBeUndefined();
    expect(second!.enclosures).toBeUndefined();
  });

  it('is the same bytes for the same projects (no build time in it)', () => {
    expect(rssFeed(entries, origin)).toBe(rssFeed(entries, origin));
    expect(rssFeed([], origin)).toContain('<lastBuildDate>Thu, 01 Jan 1970 00:00:00 GMT</lastBuildDate>');
  });
});

describe('the JSON Feed 1.1', () => {
  it('parses, with version 1.1, the feed’s and every item’s required fields', () => {
    const text = jsonFeed(entries, origin);
    expect(JSON.parse(text).version).toBe('https://jsonfeed.org/version/1.1');
    const feed = parseJsonFeed(JSON.parse(text));
    expect(feed.title).toBe('Creative Technologist: projects');
    expect(feed.feed_url).toBe(`${origin}/feed.json`);
    expect(feed.items).toHaveLength(2);
    const [first, second] = feed.items!;
    expect(first).toMatchObject({
      id: `${origin}/public-projects/2`,
      url: `${origin}/public-projects/2`,
      summary: 'A tide chart for anglers.',
      image: `${origin}/api/images/abcdefghijkl`,
      tags: ['Development', 'maps'],
      date_published: '2026-01-05T10:00:00.000Z',
      date_modified: '2026-11-20T08:30:00.000Z',
    });
    expect(first!.content_html).toContain(`href="${origin}/public-projects/2#why"`);
    // Every item has content: the summary stands in for a project without a published body.
    expect(second!.content_html).toBeUndefined();
    expect(second!.content_text).toBe('A design system for quiet interfaces.');
  });
});

describe('text a feed cannot carry', () => {
  it('drops control characters and lone surrogates, keeps tabs, line ends and emoji', () => {
    expect(xmlSafe('a\u0000b\u0007c\u001Fd\uD800e\uDC00f\tg\nh\r👩‍🎨')).toBe('abcdef\tg\nh\r👩‍🎨');
  });
});
