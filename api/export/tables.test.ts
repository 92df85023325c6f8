import { describe, expect, it } from 'vitest';
import { allTableNames, DENIED_COLUMNS, DENIED_TABLES, exportedTables, KEPT_TABLES, restoredTables } from './tables.ts';

describe('what the archive holds', () => {
  it('covers every table of the schema: each is exported or denied by name, never both, never forgotten', () => {
    const exported = exportedTables().map((info) => info.name);
    const denied = Object.keys(DENIED_TABLES);
    for (const name of allTableNames()) {
      expect(exported.includes(name) !== denied.includes(name), `table ${name}: exported xor denied`).toBe(true);
    }
    // A denial naming a table that no longer exists would hide a rename.
    for (const name of [...denied, ...Object.keys(DENIED_COLUMNS)]) expect(allTableNames()).toContain(name);
    expect(exported).toContain('users');
    expect(exported).toContain('images');
    // The security log travels with the data: a restored site keeps its record of who signed in and what changed.
    expect(exported).toContain('security_events');
    // Ways in never travel: a restored one would let whoever made the file sign in.
    expect(denied).toEqual(
      expect.arrayContaining(['sessions', 'login_links', 'rate_limits', 'access_tokens', 'passkeys', 'recovery_codes', 'user_accounts', 'archive_signing_key']),
    );
    // The log is exported for the owner to read, but an import keeps the site's own.
    expect(Object.keys(KEPT_TABLES)).toEqual(['security_events']);
    expect(restoredTables().map((info) => info.name)).not.toContain('security_events');
  });

  it('restores every table after the tables it refers to', () => {
    const order = exportedTables().map((info) => info.name);
    for (const info of exportedTables()) {
      for (const parent of info.refersTo) {
        if (parent in DENIED_TABLES) continue;
        expect(order.indexOf(parent), `${parent} before ${info.name}`).toBeLessThan(order.indexOf(info.name));
      }
    }
  });

  it('stores image bytes as files, not inside the table file', () => {
    const images = exportedTables().find((info) => info.name === 'images')!;
    expect(images.fileColumns).toEqual(['data']);
    expect(images.primaryKey).toEqual(['key', 'variant']);
  });
});
