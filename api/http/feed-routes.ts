import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { feedEntries } from '../feeds/entries.ts';
import { jsonFeed, rssFeed } from '../feeds/formats.ts';
import { PUBLIC_PAGE_CACHE } from './cache-headers.ts';
import type { Handler } from './context.ts';
import { handle } from './respond.ts';

/** The public origin at run time (like canonical links), so one build serves any SITE_URL. */
const originOf = (url: URL) => new URL(config().SITE_URL ?? url.origin).origin;

/** GET /rss.xml: RSS 2.0 of the public projects, newest change first. */
export const rssRoute: Handler = ({ url }) =>
  handle(async () => {
    const origin = originOf(url);
    return new Response(rssFeed(await feedEntries(db(), origin), origin), {
      headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE },
    });
  });

/** GET /feed.json: JSON Feed 1.1 of the same entries. */
export const jsonFeedRoute: Handler = ({ url }) =>
  handle(async () => {
    const origin = originOf(url);
    return new Response(jsonFeed(await feedEntries(db(), origin), origin), {
      headers: { 'Content-Type': 'application/feed+json; charset=utf-8', 'Cache-Control': PUBLIC_PAGE_CACHE },
    });
  });
