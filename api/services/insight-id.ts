import { createHash } from 'node:crypto';

/**
 * A card's id, the address of its days (`/insights/{id}`): the pair and its lag, hashed, so it stays the same
 * across recomputes. Alone in its file so tests/support/routes.ts can name a seeded card without loading the
 * insights service (drizzle and the schema).
 */
export const insightId = (a: { kind: 'metric' | 'tag'; key: string }, b: { kind: 'metric' | 'tag'; key: string }, lag: number) =>
  createHash('sha256').update(`${lag}|${a.kind}:${a.key}|${b.kind}:${b.key}`).digest('hex').slice(0, 12);
