import { config } from '../config.ts';
import { db } from '../db/client.ts';
import { projectCard, siteCard } from '../share-card/cards.ts';
import { parseId } from '../services/projects.ts';
import type { Handler } from './context.ts';
import { notFound } from './errors.ts';
import { handle } from './respond.ts';

/**
 * An app keeps a card by its address, which changes with what the card shows (`?v=`): an hour in a browser,
 * a minute in a shared cache, as the pages.
 */
const CARD_CACHE = 'public, max-age=3600, s-maxage=60, stale-while-revalidate=600';

/** The host printed on cards: the public origin's, else the one the request came to. */
const hostOf = (url: URL) => new URL(config().SITE_URL ?? url.origin).host;

function png(bytes: Buffer): Response {
  return new Response(bytes as BodyInit, {
    headers: {
      'Content-Type': 'image/png',
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': CARD_CACHE,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** GET /og/projects/{id}.png: the project's share card (1200×630). */
export const projectCardRoute: Handler = ({ params, url }) =>
  handle(async () => {
    const id = parseId(params.id);
    const card = id === null ? null : await projectCard(db(), id, hostOf(url));
    if (!card) throw notFound('Project not found.');
    return png(card);
  });

/** GET /og/site.png: the site's own card (the landing, the lists, every page without a card of its own). */
export const siteCardRoute: Handler = ({ url }) => handle(async () => png(await siteCard(hostOf(url))));
