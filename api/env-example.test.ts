import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';

describe('.env.example', () => {
  it('lists every variable the config schema knows, and nothing else', () => {
    const listed = [...readFileSync('.env.example', 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect([...new Set(listed)].sort()).toEqual(Object.keys(configSchema.shape).sort());
  });
});
