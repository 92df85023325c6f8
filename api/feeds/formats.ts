import { Feed } from 'feed';
import type { FeedEntry } from './entries.ts';

/*
 * The two feed formats of the same entries: RSS 2.0 (written by `feed`, which escapes and wraps the XML) and
 * JSON Feed 1.1 (plain JSON; `feed` writes only version 1). Both are the same bytes for the same data (their
 * dates come from the projects, never the clock), so a kept copy's ETag holds.
 */

const TITLE = 'Creative Technologist: projects';
const DESCRIPTION = 'New and updated projects and case studies from the portfolio of a creative technologist.';

/** The newest change, or the epoch for an empty portfolio (never "now": the bytes would change each time). */
const lastChange = (entries: readonly FeedEntry[]) => entries[0]?.updated ?? new Date(0);

export function rssFeed(entries: readonly FeedEntry[], origin: string): string {
  const feed = new Feed({
    title: TITLE,
    description: DESCRIPTION,
    id: new URL('/public-projects', origin).href,
    link: new URL('/public-projects', origin).href,
    language: 'en',
    updated: lastChange(entries),
    generator: false,
    feedLinks: { rss: new URL('/rss.xml', origin).href },
  });
  for (const entry of entries) {
    feed.addItem({
      title: entry.title,
      id: entry.id,
      link: entry.url,
      // RSS has one date: the last change, which orders the feed.
      date: entry.updated,
      description: entry.summary,
      ...(entry.contentHtml ? { content: entry.contentHtml } : {}),
      category: entry.categories.map((name) => ({ name })),
      ...(entry.picture ? { enclosure: { url: entry.picture.url, type: entry.picture.type, length: entry.picture.length } } : {}),
    });
  }
  return feed.rss2();
}

export function jsonFeed(entries: readonly FeedEntry[], origin: string): string {
  const document = {
    version: 'https://jsonfeed.org/version/1.1',
    title: TITLE,
    description: DESCRIPTION,
    home_page_url: new URL('/public-projects', origin).href,
    feed_url: new URL('/feed.json', origin).href,
    language: 'en',
    icon: new URL('/favicon.svg', origin).href,
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      summary: entry.summary,
      // JSON Feed asks for content_html or content_text on every item: the summary stands in for a missing body.
      ...(entry.contentHtml ? { content_html: entry.contentHtml } : { content_text: entry.summary }),
      ...(entry.picture ? { image: entry.picture.url } : {}),
      tags: entry.categories,
      date_published: entry.published.toISOString(),
      date_modified: entry.updated.toISOString(),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
