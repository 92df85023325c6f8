import type { Project } from '../services/projects.ts';
import { cardVersion, type CardProject } from './template.ts';

/** What a page names in og:image and twitter:image, and the words that stand in for the card. */

const OUR_IMAGE = /^\/api\/images\/([a-z0-9]{10,64})$/;

export type CardSource = Pick<Project, 'id' | 'name' | 'category' | 'status' | 'imageUrl'>;

/** The fields the card shows; only a picture stored here is drawn (a card never fetches another site). */
export const cardFields = (project: CardSource): CardProject => ({
  name: project.name,
  category: project.category,
  status: project.status,
  imageUrl: project.imageUrl && OUR_IMAGE.test(project.imageUrl) ? project.imageUrl : null,
});

/** The stored image's key, when the card shows one. */
export const pictureKey = (fields: CardProject): string | null => (fields.imageUrl ? (OUR_IMAGE.exec(fields.imageUrl)?.[1] ?? null) : null);

/** The card's address for a project's pages: `v` changes with what the card shows, so apps fetch it anew. */
export const projectCardPath = (project: CardSource): string =>
  `/og/projects/${project.id}.png?v=${cardVersion(cardFields(project))}`;

export const projectCardAlt = (project: Pick<Project, 'name'>): string => `Share card of the project ${project.name}`;

export const SITE_CARD_PATH = '/og/site.png';
export const SITE_CARD_ALT = 'Share card of Creative Technologist: Ideas. Tempered by AI.';
