import { loadSharp } from '../services/image-encoding.ts';
import { prepareCardFonts } from './fonts.ts';
import { CARD_HEIGHT, CARD_WIDTH, PICTURE_BOX, TITLE_BOX, TITLE_COLOUR, clip, escapeXml, projectCardSvg, siteCardSvg, type CardProject } from './template.ts';

/*
 * Cards are drawn by sharp: librsvg renders the SVG template and Pango sets the title, both shaping text with
 * HarfBuzz and ordering it with FriBidi (right-to-left names read right to left, Arabic letters join). The
 * project's picture is laid in with sharp's compositing. No browser is involved.
 */

/** Title sizes tried in turn, largest first, until the name fits its box. */
const TITLE_SIZES = [64, 54, 46, 40] as const;
/** A name longer than this is cut before setting (a 300-character name still reads as a title). */
const TITLE_MAX_CHARACTERS = 160;
const FONT_LIST = 'Atkinson Hyperlegible,Noto Sans Arabic,Noto Sans Hebrew,Noto Sans,Noto Sans SC';

type Sharp = Awaited<ReturnType<typeof loadSharp>>;

async function setTitle(sharp: Sharp, text: string, size: number, width: number): Promise<{ png: Buffer; height: number }> {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${TITLE_COLOUR}">${escapeXml(text)}</span>`,
      font: `${FONT_LIST} Bold ${size}`,
      dpi: 72,
      width,
      wrap: 'word-char',
      spacing: Math.round(size * 0.18),
      rgba: true,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { png: data, height: info.height };
}

/** The name, as large as fits the title box (shorter each time once the smallest size is reached). */
async function title(sharp: Sharp, name: string, width: number): Promise<Buffer> {
  for (const size of TITLE_SIZES) {
    const set = await setTitle(sharp, clip(name, TITLE_MAX_CHARACTERS), size, width);
    if (set.height <= TITLE_BOX.height) return set.png;
  }
  const smallest = TITLE_SIZES.at(-1)!;
  let characters = TITLE_MAX_CHARACTERS;
  for (;;) {
    characters = Math.max(8, Math.floor(characters * 0.8));
    const set = await setTitle(sharp, clip(name, characters), smallest, width);
    if (set.height <= TITLE_BOX.height || characters === 8) return set.png;
  }
}

/** The picture cropped to fill its frame, corners rounded. */
async function framedPicture(sharp: Sharp, picture: Uint8Array): Promise<Buffer> {
  const { width, height, radius } = PICTURE_BOX;
  const corners = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`,
  );
  return sharp(picture, { limitInputPixels: 40_000_000 })
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .composite([{ input: corners, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** A project's card as PNG. `picture`: the stored image's bytes, or null for the card with the site's mark. */
export async function renderProjectCard(project: CardProject, host: string, picture: Uint8Array | null): Promise<Buffer> {
  await prepareCardFonts();
  const sharp = await loadSharp();
  let framed: Buffer | null = null;
  if (picture) framed = await framedPicture(sharp, picture).catch(() => null);
  const background = Buffer.from(projectCardSvg(project, host, framed !== null));
  const layers: { input: Buffer; left: number; top: number }[] = [
    { input: await title(sharp, project.name, TITLE_BOX.width), left: TITLE_BOX.left, top: TITLE_BOX.top },
  ];
  if (framed) layers.push({ input: framed, left: PICTURE_BOX.left, top: PICTURE_BOX.top });
  return sharp(background).composite(layers).png({ compressionLevel: 6 }).toBuffer();
}

/** The site's own card as PNG. */
export async function renderSiteCard(host: string): Promise<Buffer> {
  await prepareCardFonts();
  const sharp = await loadSharp();
  return sharp(Buffer.from(siteCardSvg(host))).resize(CARD_WIDTH, CARD_HEIGHT).png({ compressionLevel: 6 }).toBuffer();
}
