/**
 * The --data write-ahead log (WAL): append-only segment files of framed records, each appended and fsynced before the
 * writes it holds are acknowledged. Beside the snapshot, it is what makes every acknowledged write durable; the
 * segment files keep their name, `<data file>.journal.<n>`, so existing state files still load.
 *
 * Frame: 4-byte length (UInt32LE) | 4-byte CRC-32 of the payload (UInt32LE) | payload (UTF-8 JSON). A crash in the
 * middle of an append leaves a short or mismatching last frame: reading stops there and reports how many bytes were
 * whole, so the caller can drop the torn tail and truncate the file to it.
 *
 * Segments are `<data file>.journal.<n>`; compaction starts a new segment, writes the snapshot, then deletes the
 * older segments (see persistence.ts).
 */
import { promises as fs } from "node:fs";
import { basename, dirname, join } from "node:path";
import { crc32 } from "node:zlib";

const HEADER = 8;
/** No single record is this large; a longer length field is damage, not data. */
const MAX_RECORD = 256 * 1024 * 1024;

export function walFrame(payload: string): Buffer {
  const body = Buffer.from(payload, "utf8");
  const out = Buffer.allocUnsafe(HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(crc32(body), 4);
  body.copy(out, HEADER);
  return out;
}

export interface WalSegmentRead {
  /** The payloads of the whole records, in order. */
  payloads: string[];
  /** Bytes taken by whole records: the file's valid length. */
  validBytes: number;
  /** Why reading stopped before the end of the file (torn or damaged record), or null when it read to the end. */
  problem: string | null;
}

export function readWalFrames(bytes: Buffer): WalSegmentRead {
  const payloads: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < HEADER) return { payloads, validBytes: at, problem: `a record header cut short at byte ${at}` };
    const length = bytes.readUInt32LE(at);
    const sum = bytes.readUInt32LE(at + 4);
    if (length > MAX_RECORD) return { payloads, validBytes: at, problem: `an impossible record length at byte ${at}` };
    if (bytes.length - at - HEADER < length)
      return { payloads, validBytes: at, problem: `a record cut short at byte ${at} (${length} bytes announced)` };
    const body = bytes.subarray(at + HEADER, at + HEADER + length);
    if (crc32(body) !== sum) return { payloads, validBytes: at, problem: `a checksum mismatch in the record at byte ${at}` };
    payloads.push(body.toString("utf8"));
    at += HEADER + length;
  }
  return { payloads, validBytes: at, problem: null };
}

export interface WalSegment {
  n: number;
  path: string;
}

export function walSegmentPath(dataFile: string, n: number): string {
  return `${dataFile}.journal.${n}`;
}

/** The write-ahead log segments of a data file, oldest first. */
export async function listWalSegments(dataFile: string): Promise<WalSegment[]> {
  const prefix = `${basename(dataFile)}.journal.`;
  const dir = dirname(dataFile);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ n: Number(name.slice(prefix.length)), path: join(dir, name) }))
    .sort((a, b) => a.n - b.n);
}

/** Makes created, renamed and deleted directory entries durable (a file's own fsync does not cover its name). */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Cuts a segment back to its whole records and fsyncs it. Without the fsync a power loss could bring the torn tail
 * back after newer segments were created, and the next load would refuse the journal as damaged in the middle.
 */
export async function truncateDurably(path: string, length: number): Promise<void> {
  const handle = await fs.open(path, "r+");
  try {
    await handle.truncate(length);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One open segment of the write-ahead log: appends a frame and returns once it is on disk; a failed append leaves no partial frame. */
export class WalSegmentWriter {
  private constructor(
    readonly segment: WalSegment,
    private readonly handle: fs.FileHandle,
    private size: number,
  ) {}

  /** Creates the segment (it must not exist) and makes its name durable. */
  static async create(dataFile: string, n: number): Promise<WalSegmentWriter> {
    const path = walSegmentPath(dataFile, n);
    const handle = await fs.open(path, "wx");
    try {
      await handle.sync();
      await fsyncDir(dirname(path));
    } catch (err) {
      await handle.close();
      throw err;
    }
    return new WalSegmentWriter({ n, path }, handle, 0);
  }

  /** Set when a failed append could not be cut off again: nothing more may be appended. */
  broken = false;

  get bytes(): number {
    return this.size;
  }

  async append(payload: string): Promise<void> {
    if (this.broken) throw new Error(`${this.segment.path} holds a partial record that could not be removed`);
    const bytes = walFrame(payload);
    try {
      let written = 0;
      while (written < bytes.length) {
        const r = await this.handle.write(bytes, written, bytes.length - written, this.size + written);
        written += r.bytesWritten;
      }
      await this.handle.datasync();
    } catch (err) {
      // Cut any partial frame off, so later appends follow whole records; if that fails too, the caller stops.
      await this.handle.truncate(this.size).catch(() => (this.broken = true));
      throw err;
    }
    this.size += bytes.length;
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
