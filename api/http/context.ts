import type { SessionUser } from '../auth/types.ts';

/** The part of Astro's endpoint context the handlers use (kept here so api/ needs no UI imports). */
export interface RequestContext {
  request: Request;
  params: Record<string, string | undefined>;
  url: URL;
  locals: { user: SessionUser | null };
}

export type Handler = (context: RequestContext) => Promise<Response>;
