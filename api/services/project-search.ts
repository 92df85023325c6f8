/**
 * The public list's search: PostgreSQL full-text search over a project's name, description, published case
 * study, technologies and tags, ranked by relevance, with the matching phrase of each hit. The same SQL
 * runs on PGlite and PostgreSQL, and names the `simple` configuration in every call (never the server's
 * default, which differs between installations): words are matched as written, in any language, without
 * stemming. tests/api/project-search.test.ts runs it on both.
 *
 * The query is PostgreSQL's web-search syntax (`"a phrase"`, `-word`, `or`) combined with a prefix term
 * for every word typed, so `tid` finds "tides" while the person is still typing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { projects } from '../db/schema.ts';

/** A piece of the matching phrase: `hit` marks the words the search found. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export interface SearchHit {
  id: number;
  rank: number;
  /** The phrase around the match in the description, case study, technologies or tags; null if only the name matched. */
  snippet: SnippetPart[] | null;
}

// Private-use characters: a case study cannot be typed to fake a highlight that confuses the parts.
const START = '\uE000';
const STOP = '\uE001';
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=22, MinWords=10, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** Markdown's markup left out of the searched text: a link or picture reads as its words, not its address. */
const MARKDOWN_LINK = String.raw`!?\[([^\]]*)\]\([^)]*\)`;
const MARKDOWN_MARKS = String.raw`[#*_~>|\[\]]+|` + '`+';

/** Words of the query, as `to_tsquery` lexemes with a prefix match; words after `-` are excluded. */
export function prefixQuery(query: string): string {
  const terms: string[] = [];
  for (const match of query.matchAll(/(-?)([\p{L}\p{N}]+)/gu)) {
    const [, negated, word] = match;
    if (!negated && word!.toLowerCase() === 'or') continue;
    terms.push(`${negated ? '!' : ''}'${word}'${negated ? '' : ':*'}`);
  }
  return terms.some((term) => !term.startsWith('!')) ? terms.slice(0, 12).join(' & ') : '';
}

/** Splits PostgreSQL's headline at its markers. */
export function snippetParts(headline: string): SnippetPart[] | null {
  if (!headline.includes(START)) return null;
  const parts: SnippetPart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${START}${STOP}]`, 'u')).entries()) {
    if (piece) parts.push({ text: piece.replace(/\s+/g, ' '), hit: index % 2 === 1 });
  }
  return parts;
}

/** Every project the query finds by full text, most relevant first. */
export async function searchProjects(db: Db, query: string): Promise<SearchHit[]> {
  const prefix = prefixQuery(query);
  if (!prefix) return [];
  const body = sql`case when ${projects.caseStudyPublished} then regexp_replace(regexp_replace(${projects.caseStudy}, ${MARKDOWN_LINK}, '\\1', 'g'), ${MARKDOWN_MARKS}, ' ', 'g') else '' end`;
  const listed = sql`array_to_string(${projects.technologies}, ', ') || ' ' || array_to_string(${projects.tags}, ', ')`;
  const vector = sql`setweight(to_tsvector('simple'::regconfig, ${projects.name}), 'A')
    || setweight(to_tsvector('simple'::regconfig, ${projects.description}), 'B')
    || setweight(to_tsvector('simple'::regconfig, ${listed}), 'B')
    || setweight(to_tsvector('simple'::regconfig, ${body}), 'C')`;
  const shown = sql`concat_ws(' — ', nullif(${projects.description}, ''), nullif(${body}, ''), nullif(array_to_string(${projects.technologies}, ', '), ''), nullif(array_to_string(${projects.tags}, ', '), ''))`;
  const { rows } = await db.execute<{ id: number; rank: number; headline: string }>(sql`
    with q as (
      select websearch_to_tsquery('simple'::regconfig, ${query}) || to_tsquery('simple'::regconfig, ${prefix}) as query
    )
    select ${projects.id} as id, ts_rank(${vector}, q.query) as rank,
      ts_headline('simple'::regconfig, ${shown}, q.query, ${HEADLINE_OPTIONS}) as headline
    from ${projects}, q
    where ${vector} @@ q.query
    order by rank desc, ${projects.createdAt} desc, ${projects.id} desc`);
  return rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank), snippet: snippetParts(row.headline) }));
}

/** The phrase around a plain substring match (SPEC's search rule), for a project full text did not find. */
export function substringSnippet(text: string, query: string, around = 60): SnippetPart[] | null {
  const q = query.trim().toLowerCase();
  const at = q ? text.toLowerCase().indexOf(q) : -1;
  if (at < 0) return null;
  const start = Math.max(0, at - around);
  const end = Math.min(text.length, at + q.length + around);
  const parts: SnippetPart[] = [
    { text: `${start > 0 ? '…' : ''}${text.slice(start, at)}`, hit: false },
    { text: text.slice(at, at + q.length), hit: true },
    { text: `${text.slice(at + q.length, end)}${end < text.length ? '…' : ''}`, hit: false },
  ];
  return parts.filter((part) => part.text);
}
