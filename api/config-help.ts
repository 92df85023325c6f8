import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configSchema } from './config.ts';

/**
 * `npm start -- --help`: every variable the config schema knows, its default and the comment written above it
 * in api/config.ts (the schema is the documentation, so the help cannot drift from it).
 */
export function configHelp(): string {
  // Beside this file in the sources; from the checkout (or the image's copy) in the built server.
  const source = [fileURLToPath(new URL('./config.ts', import.meta.url)), resolve('api/config.ts')].find((path) => existsSync(path));
  const comments = commentsByKey(source ? readFileSync(source, 'utf8') : '');
  const defaults = configSchema.parse({}) as Record<string, unknown>;
  const keys = Object.keys(configSchema.shape);
  const width = Math.max(...keys.map((key) => key.length));
  const lines = keys.map((key) => {
    const value = defaults[key];
    const shown = value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? '(unset)' : String(value);
    return `  ${key.padEnd(width)}  default ${shown}\n  ${' '.repeat(width)}  ${comments.get(key) ?? ''}`;
  });
  return [
    'npm start: build when needed, open the database (embedded, or DATABASE_URL), serve.',
    'Variables come from the environment, then .env.local, then .env (the environment wins).',
    '',
    ...lines,
    '',
  ].join('\n');
}

/** The JSDoc comment above each key of the schema; keys without their own share the one above them. */
function commentsByKey(source: string): Map<string, string> {
  const result = new Map<string, string>();
  let comment = '';
  let inComment = false;
  let current: string[] = [];
  for (const line of source.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('/**')) {
      inComment = true;
      current = [];
    }
    if (inComment) {
      current.push(trimmed.replace(/^\/\*\*|\*\/$|^\*/g, '').trim());
      if (trimmed.endsWith('*/')) {
        inComment = false;
        comment = current.filter(Boolean).join(' ');
      }
      continue;
    }
    const key = /^\s{4}([A-Z][A-Z0-9_]*):/.exec(line)?.[1];
    if (key) result.set(key, comment);
  }
  return result;
}
