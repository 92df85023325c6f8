/*
 * A minimal ustar (POSIX tar) writer and reader: regular files only, names up to 100 bytes.
 * Our own few lines rather than a dependency, because the reader is the security boundary of an
 * import: it refuses anything but plain files with safe relative names before a byte is used.
 */

const BLOCK = 512;

/** A client's mistake in an archive: the message names the problem. */
export class ArchiveRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveRejected';
  }
}

/** Archive paths we accept: relative, `/`-separated, no `.`/`..` segments, plain characters. */
export function isSafePath(path: string): boolean {
  if (path.length === 0 || path.length > 100) return false;
  if (!/^[A-Za-z0-9._/-]+$/.test(path)) return false;
  return path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0';
}

/** The 512-byte header of one regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Uint8Array {
  if (!isSafePath(name)) throw new Error(`Unsafe archive path: ${name}`);
  const header = new Uint8Array(BLOCK);
  const put = (offset: number, text: string) => header.set(new TextEncoder().encode(text), offset);
  put(0, name);
  put(100, octal(0o600, 8));
  put(108, octal(0, 8));
  put(116, octal(0, 8));
  put(124, octal(size, 12));
  put(136, octal(Math.floor(mtime.getTime() / 1000), 12));
  put(148, '        ');
  put(156, '0');
  put(257, 'ustar\0');
  put(263, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  put(148, sum.toString(8).padStart(6, '0') + '\0 ');
  return header;
}

/** Zero bytes that pad a file's data to a whole block. */
export function tarPadding(size: number): Uint8Array {
  return new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);
}

/** Two empty blocks end an archive. */
export const TAR_END = new Uint8Array(BLOCK * 2);

function field(bytes: Uint8Array, offset: number, length: number): string {
  const slice = bytes.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return new TextDecoder().decode(end === -1 ? slice : slice.subarray(0, end));
}

/** What one header says: a plain file's name and size, or the end of the archive (null). */
function parseHeader(header: Uint8Array): { name: string; size: number } | null {
  if (header.every((byte) => byte === 0)) return null;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i]!;
  const recorded = parseInt(field(header, 148, 8).trim(), 8);
  if (recorded !== sum) throw new ArchiveRejected('The archive is damaged: a file header fails its checksum.');
  const prefix = field(header, 345, 155);
  const name = prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100);
  const type = String.fromCharCode(header[156]!);
  if (!isSafePath(name))
    throw new ArchiveRejected(`The archive holds a path that is not allowed: ${JSON.stringify(name.slice(0, 120))}.`);
  if (type !== '0' && type !== '\0')
    throw new ArchiveRejected(`The archive holds something other than a plain file: ${name}.`);
  const size = parseInt(field(header, 124, 12).trim(), 8);
  if (!Number.isSafeInteger(size) || size < 0)
    throw new ArchiveRejected(`The archive is damaged: ${name} has no valid size.`);
  return { name, size };
}

/** Every file of an (uncompressed) tar archive, checked: refuses links, folders, unsafe names, duplicates, truncation. */
export function readTar(bytes: Uint8Array): Map<string, Uint8Array> {
  const files = new Map<string, Uint8Array>();
  let offset = 0;
  for (;;) {
    if (offset + BLOCK > bytes.length)
      throw new ArchiveRejected('The archive is truncated (it ends inside a file header).');
    const entry = parseHeader(bytes.subarray(offset, offset + BLOCK));
    if (!entry) return files;
    const { name, size } = entry;
    const start = offset + BLOCK;
    if (start + size > bytes.length) throw new ArchiveRejected(`The archive is truncated (it ends inside ${name}).`);
    if (files.has(name)) throw new ArchiveRejected(`The archive holds ${name} twice.`);
    files.set(name, bytes.subarray(start, start + size));
    offset = start + size + ((BLOCK - (size % BLOCK)) % BLOCK);
  }
}

/**
 * The same checks on a stream of tar bytes, entry by entry, at most `maxEntries` of them. Each entry's
 * data comes as the pieces of the stream that hold it (views, not copies), so what the reader holds is
 * what it was given, never twice that.
 */
export async function* readTarStream(
  source: AsyncIterable<Uint8Array>,
  limits: { maxEntries: number; maxBytes: number; tooLarge: string },
): AsyncGenerator<{ name: string; size: number; pieces: Uint8Array[] }> {
  const { maxEntries, maxBytes } = limits;
  const iterator = source[Symbol.asyncIterator]();
  let pending: Uint8Array[] = [];
  let first = 0;
  let buffered = 0;
  /** The next `length` bytes as views of the chunks that hold them, or null when the stream ends first. */
  const take = async (length: number): Promise<Uint8Array[] | null> => {
    while (buffered < length) {
      const { done, value } = await iterator.next();
      if (done) return null;
      pending.push(value);
      buffered += value.byteLength;
    }
    const pieces: Uint8Array[] = [];
    let taken = 0;
    while (taken < length) {
      const chunk = pending[first]!;
      const need = length - taken;
      if (chunk.byteLength <= need) {
        pieces.push(chunk);
        taken += chunk.byteLength;
        pending[first++] = EMPTY;
      } else {
        pieces.push(chunk.subarray(0, need));
        pending[first] = chunk.subarray(need);
        taken += need;
      }
    }
    buffered -= length;
    if (first === pending.length) {
      pending = [];
      first = 0;
    }
    return pieces;
  };
  const seen = new Set<string>();
  try {
    for (;;) {
      const header = await take(BLOCK);
      if (!header) throw new ArchiveRejected('The archive is truncated (it ends inside a file header).');
      const entry = parseHeader(joinPieces(header, BLOCK));
      if (!entry) return;
      if (seen.size >= maxEntries)
        throw new ArchiveRejected(`The archive holds more than ${maxEntries} files, more than this site ever writes.`);
      if (seen.has(entry.name)) throw new ArchiveRejected(`The archive holds ${entry.name} twice.`);
      seen.add(entry.name);
      // A file declared larger than the whole archive may unpack to is refused before any of it is read.
      if (entry.size > maxBytes) throw new ArchiveRejected(limits.tooLarge);
      const data = await take(entry.size);
      if (!data) throw new ArchiveRejected(`The archive is truncated (it ends inside ${entry.name}).`);
      const padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
      if (padding > 0 && !(await take(padding)))
        throw new ArchiveRejected(`The archive is truncated (it ends inside ${entry.name}).`);
      yield { name: entry.name, size: entry.size, pieces: data };
    }
  } finally {
    await iterator.return?.();
  }
}

const EMPTY = new Uint8Array();

/** The pieces as one array (a copy, unless there is only one piece). */
export function joinPieces(pieces: Uint8Array[], size: number): Uint8Array {
  if (pieces.length === 1) return pieces[0]!;
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const piece of pieces) {
    joined.set(piece, offset);
    offset += piece.byteLength;
  }
  return joined;
}
