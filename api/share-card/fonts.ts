import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { woffToSfnt } from './woff.ts';

/*
 * The share cards' typefaces: used by the server only (no page links them), from the @fontsource packages (SIL
 * Open Font License 1.1; each package ships its licence). Atkinson Hyperlegible sets Latin text; Noto Sans
 * Arabic and Noto Sans Hebrew give right-to-left names real glyphs (Pango shapes and orders them); Noto Sans
 * sets Cyrillic, Greek and Devanagari, and Noto Sans SC Chinese and Japanese (kanji in Chinese forms, kana).
 * A name is the only text a person types on a card and is set bold: those scripts come in bold only. Any other
 * script (Korean Hangul, Thai, ...) falls back to the fonts the machine has, if any (ADR 024).
 */

/** The family list the card template names, in order of preference. */
export const CARD_FONT_FAMILIES =
  "'Atkinson Hyperlegible', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'Noto Sans', 'Noto Sans SC', sans-serif";

const range = (first: number, last: number) => Array.from({ length: last - first + 1 }, (_, index) => first + index);

/**
 * Every numbered slice of Noto Sans SC (Google Fonts' unicode-range subsets): simplified and traditional Han,
 * Japanese kanji and kana. The most used slices alone would miss Japanese forms such as 気 and 駅.
 */
const SC_SLICES = [4, 5, 6, ...range(21, 91), ...range(97, 119)];

export const FONT_FILES = [
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-400-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-700-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-400-normal.woff',
  '@fontsource/atkinson-hyperlegible/files/atkinson-hyperlegible-latin-ext-700-normal.woff',
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-400-normal.woff',
  '@fontsource/noto-sans-arabic/files/noto-sans-arabic-arabic-700-normal.woff',
  '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-400-normal.woff',
  '@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff',
  ...['cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'devanagari'].map((subset) => `@fontsource/noto-sans/files/noto-sans-${subset}-700-normal.woff`),
  ...SC_SLICES.map((slice) => `@fontsource/noto-sans-sc/files/noto-sans-sc-${slice}-700-normal.woff`),
];

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Writes `data` to `folder/name` so a concurrent reader (another server process, fontconfig) never sees half a
 * file: the part being written lies in `scratch`, on the same file system.
 */
async function writeWhole(scratch: string, folder: string, name: string, data: string | Buffer): Promise<void> {
  const partial = join(scratch, `${name}.${process.pid}.part`);
  await writeFile(partial, data);
  await rename(partial, join(folder, name));
}

/** A configuration this module wrote (see prepareCardFonts). */
const OUR_CONFIGURATION = /share-card-fonts-[0-9a-f]{16}[/\\]fonts-[0-9a-f]{8}\.conf$/;

let preparing: Promise<{ conf: string; cache: string }> | undefined;

/**
 * Unpacks the fonts into a folder of the machine's temporary directory and points fontconfig (which sharp's
 * SVG and text rendering use to find fonts) at it, with the machine's own fonts after ours. Once per process,
 * before its first card: fontconfig reads FONTCONFIG_FILE when it first starts, and nothing else in the server
 * renders text.
 */
export async function prepareCardFonts(): Promise<void> {
  await prepared();
}

function prepared(): Promise<{ conf: string; cache: string }> {
  preparing ??= (async () => {
    const require = createRequire(import.meta.url);
    // Each package resolved once (resolving each of its files costs more than the first card once the folder is
    // there); the folder is named by the files and their sizes, which change with a new release of a font.
    const roots = new Map<string, string>();
    for (const file of FONT_FILES) {
      const [name, rest] = file.split('/files/') as [string, string];
      if (!roots.has(name)) roots.set(name, require.resolve(file).slice(0, -rest.length));
    }
    const source = (file: string) => {
      const [name, rest] = file.split('/files/') as [string, string];
      return roots.get(name)! + rest;
    };
    const sizes = await Promise.all(FONT_FILES.map(async (file) => `${file} ${(await stat(source(file))).size}`));
    const folder = join(tmpdir(), `share-card-fonts-${createHash('sha256').update(sizes.join('\n')).digest('hex').slice(0, 16)}`);
    // The fonts sit in a folder of their own, written once per machine: a font written anew would change the folder
    // and make fontconfig scan every font again instead of reading its cache.
    const fonts = join(folder, 'fonts');
    await mkdir(fonts, { recursive: true });
    const present = new Set(await readdir(fonts));
    await Promise.all(
      FONT_FILES.map(async (file) => {
        const name = file.split('/').at(-1)!.replace(/\.woff$/, '.ttf');
        if (!present.has(name)) await writeWhole(folder, fonts, name, woffToSfnt(await readFile(source(file))));
      }),
    );
    // The machine's fonts: fontconfig's own default, or the configuration the process was given (not one of ours,
    // which a process started by a server that made cards inherits).
    const given = process.env.FONTCONFIG_FILE;
    const machineFonts = given && !OUR_CONFIGURATION.test(given) ? given : '/etc/fonts/fonts.conf';
    const cache = join(folder, 'cache');
    const configuration = `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>${escapeXml(fonts)}</dir>
  <cachedir>${escapeXml(cache)}</cachedir>
  <include ignore_missing="yes">${escapeXml(machineFonts)}</include>
</fontconfig>
`;
    // Named by its content: processes given different machine fonts never overwrite each other's.
    const confName = `fonts-${createHash('sha256').update(configuration).digest('hex').slice(0, 8)}.conf`;
    await writeWhole(folder, folder, confName, configuration);
    const conf = join(folder, confName);
    process.env.FONTCONFIG_FILE = conf;
    return { conf, cache };
  })();
  preparing.catch(() => (preparing = undefined));
  return preparing;
}

/**
 * Unpacks the fonts and, the first time on this machine, has fontconfig index them in a short-lived process
 * (the index, kept in the folder, serves every later process): the server calls this as it starts, so that its
 * first card does neither. sharp and fontconfig leave nothing behind in the server for it.
 */
export async function warmCardFonts(): Promise<void> {
  const { conf, cache } = await prepared();
  if ((await readdir(cache).catch(() => [])).length > 0) return;
  const sharp = pathToFileURL(createRequire(import.meta.url).resolve('sharp')).href;
  const source = `const { default: sharp } = await import(${JSON.stringify(sharp)}); await sharp({ text: { text: 'a' } }).png().toBuffer();`;
  await new Promise<void>((done, failed) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', source], { env: { ...process.env, FONTCONFIG_FILE: conf }, stdio: 'ignore' });
    child.once('error', failed);
    child.once('exit', (code) => (code === 0 ? done() : failed(new Error(`Indexing the fonts exited with code ${code}.`))));
  });
}
