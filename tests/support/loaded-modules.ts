// Preloaded into the test server (node --import): writes the file of every module the server runs to
// LOADED_MODULES_LOG, so a test can tell which build of each library the server runs. It only watches,
// through node:module's public load hook.
// A CommonJS file is logged when it runs, not when it is loaded: an ES import of a CommonJS file also loads
// the files it re-exports to find their names, so React's index.js would look as if it had loaded both its
// development and production builds. So its source gets one more statement, at its end (no line moves),
// that logs it when it runs. ES modules run when loaded, so they are logged then.
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const log = process.env.LOADED_MODULES_LOG;
if (log) {
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      if (result.format === 'module') appendFileSync(log, `${url}\n`);
      // A CommonJS file required from CommonJS may come without a format yet: Node decides it after this hook.
      else if ((result.format === 'commonjs' || result.format === undefined) && url.startsWith('file:') && result.source != null) {
        const note = `\n;if (typeof require === 'function') require('node:fs').appendFileSync(${JSON.stringify(log)}, ${JSON.stringify(`${url}\n`)});\n`;
        return { ...result, source: `${String(result.source)}${note}` };
      }
      return result;
    },
  });
}
