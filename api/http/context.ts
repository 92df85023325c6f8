import type { SessionUser } from '../auth/types.ts';

/** The part of Astro's endpoint context the handlers use (kept here so api/ needs no UI imports). */
export interface RequestContext {
  request: Request;
  params: Record<string, string | undefined>;
  url: URL;
  locals: { user: SessionUser | null };
}

export type Handler = (context: RequestContext) => Promise<Response>;

/** The connection's peer address, or '' where the adapter cannot tell (Astro's getter throws there, never on the Node server). */
export function peerAddressOf(context: { readonly clientAddress: string }): string {
  try {
    return context.clientAddress;
  } catch {
    return '';
  }
}
