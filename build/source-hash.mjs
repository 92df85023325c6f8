// A name for what a build was made from: the same sources give the same name on every machine and in
// every build, so servers built separately from one commit serve the same bytes (and so the same ETags
// behind one load balancer), while any change to a source gives a new name.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a build is made from, relative to the checkout: a change to any of these calls for a new build. */
export const BUILD_INPUTS = ['src', 'api', 'domain', 'public', 'drizzle', 'build', 'astro.config.mjs', 'package-lock.json'];

/** Every file under `paths` (files or folders, relative to `root`), sorted, so the order never depends on the disk. */
function filesUnder(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [full];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesUnder(root, join(path, name)));
}

/** The first `length` hex digits of SHA-256 over each file's path and content. */
export function sourceHash(root, paths, length = 10) {
  const hash = createHash('sha256');
  for (const file of paths.flatMap((path) => filesUnder(root, path))) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, length);
}
