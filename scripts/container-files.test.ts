import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { SERVER_ENTRY, SERVER_ENV, SERVER_NODE_FLAGS } from './server-flags.ts';

/*
 * No container engine runs in CI, so the image is never built there: these checks keep the Dockerfile's build
 * and start commands the ones package.json and docs/deploy.md document (and the test server runs).
 */
const dockerfile = readFileSync('Dockerfile', 'utf8').replace(/\\\n\s*/g, ' ');
const deployDoc = readFileSync('docs/deploy.md', 'utf8');
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

const stages = dockerfile.split(/^FROM /m).slice(1);
const instructions = (stage: string, name: string) =>
  stage
    .split('\n')
    .filter((line) => line.startsWith(`${name} `))
    .map((line) => line.slice(name.length + 1).trim());
const build = stages[0]!;
const final = stages.at(-1)!;
/** A package.json script as words, without Node's .env flags (the image gets its environment from the engine). */
const scriptWords = (name: string) => scripts[name]!.split(/\s+/).filter((word) => !word.startsWith('--env-file'));

describe('Dockerfile', () => {
  test('builds in one stage with every dependency, and runs on node:24-slim with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(build).toMatch(/^node:24-slim AS build/);
    expect(instructions(build, 'RUN')).toEqual(expect.arrayContaining(['npm ci --no-audit --no-fund', 'npm run build']));
    expect(final).toMatch(/^node:24-slim\n/);
    expect(instructions(final, 'RUN').some((run) => run.startsWith('npm ci --omit=dev'))).toBe(true);
    expect(instructions(final, 'COPY')).toContain('--from=build /app/dist ./dist');
  });

  test('starts the built server with the flags and environment of npm start, as docs/deploy.md says', () => {
    const cmd = JSON.parse(instructions(final, 'CMD')[0]!) as string[];
    // The bench and the test servers start the server with the same flags and environment.
    expect(cmd).toEqual(['node', ...SERVER_NODE_FLAGS, SERVER_ENTRY]);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(final).toMatch(new RegExp(`ENV [^\\n]*${name}=${value}`));
    const environment = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`);
    expect(scriptWords('start')).toEqual([...environment, 'node', ...SERVER_NODE_FLAGS, 'server/start.mjs']);
    expect(scriptWords('preview')).toEqual([...environment, 'node', ...SERVER_NODE_FLAGS, 'server/start.mjs', '--no-build']);
    expect(deployDoc).toContain(`\`${cmd.join(' ')}\``);
    expect(deployDoc).toContain('npm run build');
    expect(deployDoc).toContain('npm run preview');
    expect(deployDoc).toContain('npm ci --omit=dev');
  });

  test('runs unprivileged on every interface, with the embedded database in a volume and a health check', () => {
    expect(instructions(final, 'USER')).toEqual(['node']);
    expect(final).toMatch(/ENV [^\n]*HOST=0\.0\.0\.0/);
    expect(final).toMatch(/ENV [^\n]*DATA_DIR=\/data/);
    expect(instructions(final, 'VOLUME')).toEqual(['["/data"]']);
    expect(instructions(final, 'HEALTHCHECK')[0]).toContain('/healthz');
  });
});
