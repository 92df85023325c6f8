import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi.ts';

/*
 * Redocly's OpenAPI linter, a checker we did not write, on the document GET /api/openapi.json serves: its
 * recommended rules with warnings as errors, and a group (tag) on every operation (redocly.yaml). What it may not
 * ask of a few operations is in .redocly.lint-ignore.yaml, each with the reason.
 */

// The path .redocly.lint-ignore.yaml names the document by.
const DOCUMENT = '.test-data/openapi.json';
const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

describe("Redocly's OpenAPI linter", () => {
  it('finds no problem in the document', { timeout: 60_000 }, async () => {
    mkdirSync('.test-data', { recursive: true });
    // As a site on the internet serves it (the rules refuse a localhost server).
    writeFileSync(DOCUMENT, JSON.stringify(openApiDocument('https://me.example'), null, 2));
    const run = promisify(execFile)(process.execPath, [cli, 'lint', DOCUMENT, '--format=stylish'], {
      // Offline and quiet in CI: no usage report, no check for a newer version.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    });
    const output = await run.then(
      ({ stdout, stderr }) => ({ ok: true, text: stdout + stderr }),
      (error: { stdout: string; stderr: string }) => ({ ok: false, text: error.stdout + error.stderr }),
    );
    expect(output.ok, output.text).toBe(true);
  });
});
