import type { Db } from '../db/client.ts';
import { readImage } from '../services/images.ts';
import { findProject } from '../services/projects.ts';
import { cardFields, pictureKey } from './addresses.ts';
import { renderProjectCard, renderSiteCard } from './render.ts';

/*
 * The share cards pages name in og:image (addresses.ts). Made on first request and kept by the visitor cache
 * (api/cache/: like stored images, for everyone, signed in or not); a project's write empties its card with its
 * pages (invalidation.ts projectPaths).
 */

/** The stored variant the card's 416×502 frame is cut from (the narrowest that covers it). */
const PICTURE_WIDTH = 720;

/** A project's card as PNG, or null when there is no such project. `host` is printed on it. */
export async function projectCard(db: Db, id: number, host: string): Promise<Buffer | null> {
  const project = await findProject(db, id);
  if (!project) return null;
  const fields = cardFields(project);
  const key = pictureKey(fields);
  // An image that is gone (deleted, swept) leaves the card with the site's mark.
  const picture = key ? await readImage(db, key, PICTURE_WIDTH) : null;
  return renderProjectCard(fields, host, picture?.data ?? null);
}

export const siteCard = (host: string): Promise<Buffer> => renderSiteCard(host);
