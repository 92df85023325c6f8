import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Node and the libraries promise their public APIs only: private fields and symbols change without notice
 * and break silently on an upgrade. These are the ones this code once read; none may come back, in the
 * server or in the tests.
 */
const PRIVATE_NAMES = [
  'kOutHeaders', // node:http's header store
  'chindingsSym', // pino's bindings
  'pino.symbols', // pino's internal symbols
  "Symbol.for('astro.", // Astro's request internals
  '_compile', // Module.prototype._compile
  'getOwnPropertySymbols', // hunting for another library's symbols
];

const FOLDERS = ['api', 'domain', 'src', 'scripts', 'server', 'tests', 'build'];
const THIS_FILE = 'scripts/public-apis-only.test.ts';

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs|js|astro)$/.test(entry.name) ? [path] : [];
  });
}

describe('public APIs only', () => {
  it('no source file reads a private field or symbol of Node or of a library', () => {
    const files = [...FOLDERS.flatMap(sourceFiles), 'astro.config.mjs'].filter((file) => file !== THIS_FILE);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return PRIVATE_NAMES.filter((name) => text.includes(name)).map((name) => `${file}: ${name}`);
    });
    expect(found).toEqual([]);
  });

  it('no module parks its state on globalThis (the server is one bundle: one copy of every module)', () => {
    const files = FOLDERS.flatMap(sourceFiles).filter((file) => file !== THIS_FILE);
    expect(files.filter((file) => readFileSync(file, 'utf8').includes("Symbol.for('portfolio."))).toEqual([]);
  });

  it('no npm script or code of the site runs under a module hook: imports resolve as Node and the bundle say', () => {
    // The test harness's module log (tests/support/loaded-modules.ts) only watches, and only in test servers.
    const files = ['api', 'domain', 'src', 'server'].flatMap(sourceFiles);
    const hooks = files.filter((file) => /\bregisterHooks\(|\bmodule\.register\(/.test(readFileSync(file, 'utf8')));
    const scripts = Object.entries((JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts);
    expect([...hooks, ...scripts.filter(([, command]) => /--(?:import|loader|experimental-loader)\b/.test(command)).map(([name]) => `npm run ${name}`)]).toEqual([]);
  });
});
