import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * No secret may reach a log line. The whole run's server output is scanned once the server has stopped
 * (global-setup's teardown), so every test file's requests are covered, whatever order they ran in.
 *
 * The secrets looked for: every session token a test helper received (recorded by `recordSecret`), every
 * owner-link token the server printed, and anything shaped like one of our tokens (160 random bits in lowercase
 * base32, api/auth/tokens.ts), which also covers sessions that browsers received without a helper seeing them.
 * Only the `Owner sign-in: <URL>` lines may hold a token: printing that link is their purpose.
 */
export function recordSecret(file: string | undefined, secret: string): void {
  if (file) appendFileSync(file, `${secret}\n`);
}

const OWNER_LINE = /^Owner sign-in: /;
const TOKEN_SHAPE = /(?<![a-z0-9])[a-z2-7]{32}(?![a-z0-9])/g;

export function secretsInLog(serverLog: string, secretsFile: string): string[] {
  const lines = readFileSync(serverLog, 'utf8').split('\n');
  const recorded = existsSync(secretsFile) ? readFileSync(secretsFile, 'utf8').split('\n').filter(Boolean) : [];
  const ownerTokens = lines.filter((line) => OWNER_LINE.test(line)).flatMap((line) => line.match(TOKEN_SHAPE) ?? []);
  const known = [...new Set([...recorded, ...ownerTokens])];
  const leaks: string[] = [];
  lines.forEach((line, index) => {
    if (OWNER_LINE.test(line)) return;
    const found = known.filter((secret) => line.includes(secret));
    const shaped = line.match(TOKEN_SHAPE) ?? [];
    if (found.length || shaped.length) leaks.push(`server log line ${index + 1}: ${line.slice(0, 300)}`);
  });
  return leaks;
}
