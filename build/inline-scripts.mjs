// Hand-written scripts that pages carry inline (head-init.js, load-chrome.js): readable files in the
// source, minified at build time, since every byte before the first paint counts on a phone.
// `import code from './x.js?minified'` gives the minified text (src/env.d.ts types it).
import { readFileSync } from 'node:fs';
import { minifySync } from 'vite';

const QUERY = '?minified';

/** The script as pages carry it. */
export function minifyInlineScript(file, code = readFileSync(file, 'utf8')) {
  const result = minifySync(file, code, { compress: true, mangle: true });
  if (result.errors.length) throw new Error(`${file}: ${result.errors.map((error) => error.message).join('; ')}`);
  return result.code.trim();
}

/** @returns {import('vite').Plugin} */
export function minifiedInlineScripts() {
  return {
    name: 'minified-inline-scripts',
    load(id) {
      if (!id.endsWith(QUERY)) return;
      const file = id.slice(0, -QUERY.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(minifyInlineScript(file))};`;
    },
  };
}
