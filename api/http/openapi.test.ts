import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, openApiDocument, type Method } from './openapi.ts';

const PAGES = 'src/pages/api';

/*
 * Route files under src/pages/api/ that are deliberately not in the contract. Each needs a reason:
 * - .astro files are the HTML sign-in pages (provider choice, redirects to providers, the owner's link):
 *   browser navigations, not JSON endpoints;
 * - [...path].ts is the JSON 404 for every unknown /api path: describing it would describe nothing;
 * - test/ holds test switches, which answer 404 unless ALLOW_TEST_SWITCHES is on: not part of the product.
 */
const NOT_JSON_ENDPOINTS = (file: string) => file.endsWith('.astro') || file === '[...path].ts' || file.startsWith('test/') || file.startsWith('test\\');

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

function routeFiles(folder = PAGES): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return routeFiles(path);
    return /\.(ts|js|astro)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [relative(PAGES, path)] : [];
  });
}

/** projects/[id]/gallery/index.ts → /api/projects/{id}/gallery (Astro's file routing, OpenAPI's templates). */
const pathOf = (file: string) =>
  `/api/${file}`
    .replace(/\.(ts|js)$/, '')
    .replace(/\/index$/, '')
    .replace(/\[(\w+)\]/g, '{$1}');

/** The HTTP methods a route file exports, read from its source (importing it would start nothing, but needs no more). */
function exportedMethods(source: string): string[] {
  const names = new Set<string>();
  for (const [, name] of source.matchAll(/export\s+(?:const|let|async\s+function|function)\s+([A-Z]+)\b/g)) names.add(name!);
  for (const [, list] of source.matchAll(/export\s+(?:const\s*)?\{([^}]*)\}/g)) {
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/).at(-1)?.trim();
      if (name) names.add(name);
    }
  }
  return [...names].filter((name) => (HTTP_METHODS as readonly string[]).includes(name));
}

describe('the OpenAPI document covers the JSON API', () => {
  const files = routeFiles().filter((file) => !NOT_JSON_ENDPOINTS(file));

  it('finds the route files it checks (the listing itself works)', () => {
    expect(files).toContain('projects/[id].ts');
    expect(files).toContain('openapi.json.ts');
    expect(exportedMethods(readFileSync(join(PAGES, 'projects/[id].ts'), 'utf8')).sort()).toEqual(['DELETE', 'GET', 'PATCH']);
  });

  it('describes every method of every JSON route file under src/pages/api/', () => {
    const missing: string[] = [];
    for (const file of files) {
      const path = pathOf(file);
      for (const method of exportedMethods(readFileSync(join(PAGES, file), 'utf8'))) {
        if (!ROUTES[path]?.[method.toLowerCase() as Method]) missing.push(`${method} ${path}  (src/pages/api/${file})`);
      }
    }
    expect(
      missing,
      `These endpoints are not in the API contract. Add each to ROUTES in api/http/openapi.ts (summary, access, body shape ` +
        `from domain/shapes.ts, success status and its response shape written in domain/responses.ts); if it answers HTML, ` +
        `not JSON, add it to NOT_JSON_ENDPOINTS in api/http/openapi.test.ts with the reason:\n  ${missing.join('\n  ')}\n`,
    ).toEqual([]);
  });

  it('describes no endpoint that has no route file (a renamed or removed route leaves no stale entry)', () => {
    const served = new Set(files.flatMap((file) => exportedMethods(readFileSync(join(PAGES, file), 'utf8')).map((method) => `${method.toLowerCase()} ${pathOf(file)}`)));
    const stale = Object.entries(ROUTES).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => `${method} ${path}`)
        .filter((operation) => !served.has(operation)),
    );
    expect(stale).toEqual([]);
  });

  it('is OpenAPI 3.1 with the session cookie, bearer token and cron secret schemes, and every operation names its errors', () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document, read field by field
    const document = openApiDocument('http://localhost:4321') as any;
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['bearerToken', 'cronSecret', 'sessionCookie']);
    expect(document.paths['/api/metrics/{key}/points'].post.security).toEqual([{ bearerToken: [] }]);
    expect(document.paths['/api/projects'].post['x-required-role']).toBe('admin');
    // The feeds and share cards visitors' apps read are described beside the API.
    expect(document.paths['/feed.json'].get.responses['200'].content).toHaveProperty(['application/feed+json']);
    expect(document.paths['/og/projects/{id}.png'].get.responses['200'].content).toHaveProperty(['image/png']);
    expect(document.paths['/api/projects'].post.requestBody.content['application/json'].schema.required).toContain('name');
    expect(document.paths['/api/projects/{id}'].patch.responses['400'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // Every reference points at a schema the document has.
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(([, name]) => name!);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
    // Operation ids are unique (client generators name functions after them).
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId: string }>>).flatMap((operations) =>
      Object.values(operations).map((operation) => operation.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
