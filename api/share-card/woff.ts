import { inflateSync } from 'node:zlib';

/*
 * WOFF 1.0 (W3C Recommendation, 2012) unpacked to the TrueType/OpenType file it wraps. The @fontsource
 * packages ship only WOFF and WOFF2, and the text shaper behind sharp's SVG renderer (HarfBuzz in Pango)
 * reads a font file's bytes itself: it needs the plain sfnt. WOFF 1 is the plain sfnt with each table
 * zlib-compressed, so unpacking is a table copy.
 */

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

/** The sfnt (TTF/OTF) inside a WOFF 1 file; throws on anything else or a damaged file. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (input.length < WOFF_HEADER || input.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('Not a WOFF 1 file.');
  const flavor = input.readUInt32BE(4);
  const numTables = input.readUInt16BE(12);
  if (WOFF_HEADER + numTables * WOFF_ENTRY > input.length) throw new Error('The WOFF table directory is cut short.');

  const tables = Array.from({ length: numTables }, (_, index) => {
    const at = WOFF_HEADER + index * WOFF_ENTRY;
    const tag = input.readUInt32BE(at);
    const offset = input.readUInt32BE(at + 4);
    const compLength = input.readUInt32BE(at + 8);
    const origLength = input.readUInt32BE(at + 12);
    const checksum = input.readUInt32BE(at + 16);
    if (offset + compLength > input.length) throw new Error('A WOFF table lies past the end of the file.');
    const stored = input.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('A WOFF table does not unpack to its stated length.');
    return { tag, checksum, data };
  });

  // The sfnt header's binary-search fields (OpenType spec, "Table directory").
  const entrySelector = Math.floor(Math.log2(Math.max(1, numTables)));
  const searchRange = 2 ** entrySelector * 16;
  const padded = (length: number) => (length + 3) & ~3;
  let size = SFNT_HEADER + numTables * SFNT_ENTRY;
  for (const table of tables) size += padded(table.data.length);

  const output = Buffer.alloc(size);
  output.writeUInt32BE(flavor, 0);
  output.writeUInt16BE(numTables, 4);
  output.writeUInt16BE(searchRange, 6);
  output.writeUInt16BE(entrySelector, 8);
  output.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = SFNT_HEADER + numTables * SFNT_ENTRY;
  tables.forEach((table, index) => {
    const at = SFNT_HEADER + index * SFNT_ENTRY;
    output.writeUInt32BE(table.tag, at);
    output.writeUInt32BE(table.checksum, at + 4);
    output.writeUInt32BE(offset, at + 8);
    output.writeUInt32BE(table.data.length, at + 12);
    table.data.copy(output, offset);
    offset += padded(table.data.length);
  });
  return output;
}
