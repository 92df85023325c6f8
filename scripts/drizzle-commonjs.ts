// Registered by `npm run dev` (`--import`: dev.ts loads drizzle-orm through its own static imports, before any
// code of its could run) and by the bench's memory breakdown: every import of drizzle-orm, from our sources and
// Vite's dev server alike, gets its CommonJS build (one copy in the process). The built server bundles it instead.
// Why: Node 24 reads a package's package.json again for every ES module it loads from that package, and
// drizzle-orm's is a large export map of every driver: its few hundred ES modules left many parsed copies
// behind, most of them kept as RSS; the CommonJS build costs a small part of that (docs/performance.md).
import { registerHooks } from 'node:module';

/** An ES file of drizzle-orm, imported by its path: Vite's dev server resolves packages itself. */
const DRIZZLE_ES_FILE = /\/node_modules\/drizzle-orm\/.+\.js$/;

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
      return nextResolve(specifier, { ...context, conditions: context.conditions.map((name) => (name === 'import' ? 'require' : name)) });
    }
    const resolved = nextResolve(specifier, context);
    // The package ships each file in both builds, side by side (x.js and x.cjs).
    if (DRIZZLE_ES_FILE.test(resolved.url)) return { ...resolved, url: resolved.url.replace(/\.js$/, '.cjs'), format: 'commonjs' };
    return resolved;
  },
});
