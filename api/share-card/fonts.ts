import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { woffToSfnt } from './woff.ts';

/*
 * The share cards' typefaces: used by the server only (no page links them), from the @fontsource packages.
 * Atkinson Hyperlegible sets Latin text; Noto Sans Arabic and Noto Sans Hebrew give right-to-left names real
 * glyphs (Pango shapes and orders them). Any other script falls back to the fonts the machine has, if any.
 */

/** The family list the card template names, in order of preference. */
export const CARD_FONT_FAMILIES = "'Atkinson Hyperlegible', 'Noto Sans Arabic', 'Noto Sans Hebrew', sans-serif";

export const FONT_FILES = [
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-400-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-700-normal.woff',
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
  '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff',
] as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Writes `data` so a concurrent reader (another server process) never sees half a file. */
async function writeWhole(path: string, data: string | Buffer): Promise<void> {
  const partial = `${path}.${process.pid}.part`;
  await writeFile(partial, data);
  await rename(partial, path);
}

let preparing: Promise<void> | undefined;

/**
 * Unpacks the fonts into a folder of the machine's temporary directory and points fontconfig (which sharp's
 * SVG and text rendering use to find fonts) at it, with the machine's own fonts after ours. Once per process,
 * before its first card: fontconfig reads FONTCONFIG_FILE when it first starts, and nothing else in the server
 * renders text.
 */
export function prepareCardFonts(): Promise<void> {
  preparing ??= (async () => {
    const require = createRequire(import.meta.url);
    const sources = await Promise.all(FONT_FILES.map(async (file) => ({ file, bytes: await readFile(require.resolve(file)) })));
    const hash = createHash('sha256');
    for (const { file, bytes } of sources) hash.update(file).update(bytes);
    const folder = join(tmpdir(), `share-card-fonts-${hash.digest('hex').slice(0, 16)}`);
    await mkdir(folder, { recursive: true });
    await Promise.all(
      sources.map(({ file, bytes }) => writeWhole(join(folder, file.split('/').at(-1)!.replace(/\.woff$/, '.ttf')), woffToSfnt(bytes))),
    );
    const conf = join(folder, 'fonts.conf');
    await writeWhole(
      conf,
      `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${escapeXml(folder)}</dir>
  <cachedir>${escapeXml(join(folder, 'cache'))}</cachedir>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
</fontconfig>
`,
    );
    process.env.FONTCONFIG_FILE = conf;
  })();
  preparing.catch(() => (preparing = undefined));
  return preparing;
}
