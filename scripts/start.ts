// npm start: build when the sources are newer than the build, open the database, then serve (scripts/server.ts).
// npm run preview (--no-build): the same, serving the last build without rebuilding.
// These run before any library is loaded: ES modules are all resolved before the first one runs, so
// the server's own modules are imported only after them, dynamically. The allocator's setting comes first:
// without it the process replaces itself before doing anything else.
import './allocator.ts';
import './production-mode.ts';
import './drizzle-commonjs.ts';

await import('./server.ts');
