// Loaded with `--import` before scripts/start.ts (scripts/server-flags.ts): the server's TypeScript is stripped of its
// types ahead of time, in a child process, so the server never loads Node's own stripper.
// Why: Node strips types with amaro, a WebAssembly build of swc shipped as a 3.8 MB script, loaded into the process
// with the first .ts file it imports and kept for the process's life: about 17 MB of the server's resident memory
// (README, Performance). The stripped copies are kept under node_modules/.cache/typescript-ahead/ with the size and
// modification time of their source; a source that changed since is stripped again before the server starts. Where
// that cannot be done (no writable cache, no node:module stripTypeScriptTypes), Node strips as before: the hook only
// answers for files whose up-to-date copy exists, so it never changes what runs, only where the stripping happened.
// Written in JavaScript: a .ts file here would load the stripper it avoids.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
/** The folders the server's own modules come from (src/ reaches it through the build, as JavaScript). */
const FOLDERS = ['api', 'domain', 'scripts'];
const cacheDir = join(root, 'node_modules', '.cache', 'typescript-ahead');
const manifestFile = join(cacheDir, 'manifest.json');

/** Every TypeScript source the server may import (tests excluded), with what identifies its version. */
function sources() {
  const found = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) {
        const stat = statSync(path);
        found.set(relative(root, path), `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  for (const folder of FOLDERS) if (existsSync(join(root, folder))) walk(join(root, folder));
  return found;
}

// The stripping itself, in a child: it loads amaro and exits. Same transformation as Node's own ('strip' mode keeps
// every line and column where it was, so stack traces and source positions are unchanged).
const STRIP_CHILD = `
  import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
  import { dirname, join } from 'node:path';
  import { stripTypeScriptTypes } from 'node:module';
  const [root, cacheDir, ...files] = process.argv.slice(1);
  process.removeAllListeners('warning');
  for (const file of files) {
    const out = join(cacheDir, file + '.js');
    mkdirSync(dirname(out), { recursive: true });
    // Written aside, then renamed: a server starting at the same time reads a whole file or the one before.
    writeFileSync(out + '.' + process.pid, stripTypeScriptTypes(readFileSync(join(root, file), 'utf8'), { mode: 'strip' }));
    renameSync(out + '.' + process.pid, out);
  }`;

function prepare() {
  const wanted = sources();
  let manifest = {};
  try {
    manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  } catch {
    // No cache yet.
  }
  const stale = [...wanted].filter(([file, version]) => manifest[file] !== version).map(([file]) => file);
  if (stale.length > 0) {
    mkdirSync(cacheDir, { recursive: true });
    const child = spawnSync(process.execPath, ['--no-warnings', '--input-type=module', '-e', STRIP_CHILD, root, cacheDir, ...stale], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    if (child.status !== 0) return new Map();
    for (const file of stale) manifest[file] = wanted.get(file);
    writeFileSync(`${manifestFile}.${process.pid}`, JSON.stringify(manifest));
    renameSync(`${manifestFile}.${process.pid}`, manifestFile);
  }
  // Only copies of the current versions are answered from the cache.
  const ready = new Map();
  for (const [file, version] of wanted) {
    if (manifest[file] === version) ready.set(pathToFileURL(join(root, file)).href, join(cacheDir, file + '.js'));
  }
  return ready;
}

let ready = new Map();
try {
  ready = prepare();
} catch {
  // An unwritable cache: Node strips the types itself, as without this hook.
}

if (ready.size > 0) {
  registerHooks({
    load(url, context, nextLoad) {
      const stripped = ready.get(url);
      if (stripped === undefined) return nextLoad(url, context);
      return { format: 'module', source: readFileSync(stripped, 'utf8'), shortCircuit: true };
    },
  });
}
