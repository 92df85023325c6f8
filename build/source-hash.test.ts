import { cpSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceHash } from './source-hash.mjs';

const made: string[] = [];
function checkout(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'source-hash-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterAll(() => made.forEach((root) => rmSync(root, { recursive: true, force: true })));

const sources = { 'src/a.ts': 'export const a = 1;\n', 'src/lib/b.ts': 'export const b = 2;\n', 'package-lock.json': '{}\n' };
const paths = ['src', 'package-lock.json'];

describe('sourceHash', () => {
  it('gives two copies of the same sources the same name, whatever their files\' times', () => {
    const first = checkout(sources);
    const second = mkdtempSync(join(tmpdir(), 'source-hash-'));
    made.push(second);
    cpSync(first, second, { recursive: true });
    utimesSync(join(second, 'src/a.ts'), new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(sourceHash(second, paths)).toBe(sourceHash(first, paths));
    expect(sourceHash(first, paths)).toMatch(/^[0-9a-f]{10}$/);
  });

  it('gives a new name when a file changes, is added or is renamed', () => {
    const base = sourceHash(checkout(sources), paths);
    expect(sourceHash(checkout({ ...sources, 'src/a.ts': 'export const a = 3;\n' }), paths)).not.toBe(base);
    expect(sourceHash(checkout({ ...sources, 'src/c.ts': '' }), paths)).not.toBe(base);
    const { 'src/lib/b.ts': b, ...rest } = sources;
    expect(sourceHash(checkout({ ...rest, 'src/lib/c.ts': b }), paths)).not.toBe(base);
  });
});
