import { describe, expect, it } from 'vitest';
import { configHelp } from './config-help.ts';
import { configSchema } from './config.ts';

describe('npm start -- --help', () => {
  it('prints every variable with its default and its comment from the schema', () => {
    const help = configHelp();
    for (const key of Object.keys(configSchema.shape)) expect(help, key).toMatch(new RegExp(`^  ${key} +default `, 'm'));
    expect(help).toMatch(/^ {2}PORT +default 4321\n +HTTP port of the Node server\.$/m);
    expect(help).toMatch(/^ {2}DATABASE_URL +default \(unset\)\n +PostgreSQL connection string/m);
    expect(help).toMatch(/^ {2}GITHUB_CLIENT_SECRET +default \(unset\)\n +GitHub OAuth app\.$/m);
  });
});
