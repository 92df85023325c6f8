import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

// A process with the hook registered first (as `npm start` and `npm run dev` do) that imports drizzle-orm
// by name, as our sources and the built server do, and by the path of its ES file, as Vite's dev server does.
const probe = `
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
const byName = await import('drizzle-orm');
const byPath = await import(pathToFileURL(resolve('node_modules/drizzle-orm/index.js')).href);
const loaded = Object.keys(createRequire(import.meta.url).cache).filter((file) => file.includes('drizzle-orm'));
console.log(JSON.stringify({ oneCopy: byName.eq === byPath.eq, commonJs: loaded.some((file) => file.endsWith('/drizzle-orm/index.cjs')) }));
`;

describe('drizzle-orm in a server process', () => {
  it('is its CommonJS build, one copy, whether imported by name or by the path of an ES file', () => {
    const child = spawnSync(process.execPath, ['--import', './scripts/drizzle-commonjs.ts', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(child.status, child.stderr).toBe(0);
    expect(JSON.parse(child.stdout.trim())).toEqual({ oneCopy: true, commonJs: true });
  });
});
