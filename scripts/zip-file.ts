import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw, crc32 } from 'node:zlib';

/*
 * Writes a zip of one deflated entry from text produced a piece at a time (test data only: the synthetic Apple
 * Health export). The entry is deflated into a temporary file first, so the local header can carry the sizes
 * and CRC as the Health app's zips do (no data descriptor). Without zip64: entries stay under 4 GiB.
 */
const LIMIT = 0xffffffff;

export async function writeZip(path: string, entryName: string, pieces: Iterable<string>): Promise<{ inflated: number; deflated: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'zip-'));
  const deflatedPath = join(dir, 'entry.deflate');
  try {
    let crc = 0;
    let inflated = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        crc = crc32(chunk, crc);
        inflated += chunk.length;
        done(null, chunk);
      },
    });
    const buffers = Readable.from((function* () {
      for (const piece of pieces) yield Buffer.from(piece, 'utf8');
    })());
    await pipeline(buffers, measure, createDeflateRaw({ level: 6 }), createWriteStream(deflatedPath));
    const deflated = statSync(deflatedPath).size;
    if (inflated > LIMIT || deflated > LIMIT) throw new Error('The entry is too large for a zip without zip64');
    const name = Buffer.from(entryName, 'utf8');
    const { time, date } = dosTime(new Date());
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(deflated, 18);
    local.writeUInt32LE(inflated, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(deflated, 20);
    central.writeUInt32LE(inflated, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42); // the local header's offset
    const centralOffset = local.length + name.length + deflated;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(centralOffset, 16);
    await pipeline(
      (async function* () {
        yield local;
        yield name;
        yield* createReadStream(deflatedPath);
        yield central;
        yield name;
        yield end;
      })(),
      createWriteStream(path),
    );
    return { inflated, deflated };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}
