/**
 * What an invalidation says, apart from api/cache/invalidation.ts that sends it: its listeners (the Vercel
 * revalidation among them) name these types without importing the module that imports them.
 */

export type Invalidation = { kind: 'paths'; paths: string[] } | { kind: 'everything' };

/** `local`: a write in this process; `remote`: one announced by another process. */
export type InvalidationSource = 'local' | 'remote';

export type InvalidationListener = (invalidation: Invalidation, source: InvalidationSource) => void | Promise<void>;
