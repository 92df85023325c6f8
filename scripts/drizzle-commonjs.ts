// Registered by scripts/start.ts before the server's modules load: every import of drizzle-orm, from our
// sources and from the built server alike, gets its CommonJS build (one copy in the process).
// Why: Node 24 reads a package's package.json again for every ES module it loads from that package, and
// drizzle-orm's is 175 KB (an export map of every driver). Its few hundred ES modules left 150–250 MB
// of parsed copies behind (the heap's peak, most of it kept as RSS); the CommonJS build costs about 20 MB.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier !== 'drizzle-orm' && !specifier.startsWith('drizzle-orm/')) return nextResolve(specifier, context);
    return nextResolve(specifier, { ...context, conditions: context.conditions.map((name) => (name === 'import' ? 'require' : name)) });
  },
});
