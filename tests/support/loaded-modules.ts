// Preloaded into the test server (node --import): writes the file of every module the server runs to
// LOADED_MODULES_LOG, so a test can tell which build of each library the server runs. It only watches.
// CommonJS files are logged when they run (Module#_compile), not when loaded: an ES import of a CommonJS
// file also reads the files it re-exports to find their names, so React's index.js would look as if it had
// loaded both its development and production builds. ES modules run when loaded, so the load hook logs them.
import { appendFileSync } from 'node:fs';
import Module, { registerHooks } from 'node:module';
import { pathToFileURL } from 'node:url';

const log = process.env.LOADED_MODULES_LOG;
if (log) {
  const record = (url: string) => appendFileSync(log, `${url}\n`);
  type Compile = (this: unknown, content: string, filename: string, ...rest: unknown[]) => unknown;
  const prototype = Module.prototype as unknown as { _compile: Compile };
  const compile = prototype._compile;
  prototype._compile = function (content, filename, ...rest) {
    record(pathToFileURL(filename).href);
    return compile.call(this, content, filename, ...rest);
  };
  registerHooks({
    load(url, context, nextLoad) {
      const result = nextLoad(url, context);
      if (result.format === 'module') record(url);
      return result;
    },
  });
}
