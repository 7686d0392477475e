import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { constants, crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import { Zip, type ZipInputFile } from 'fflate';

/**
 * The zip container of an XLSX, written front to back into `out`, one entry after the other. fflate writes the
 * container (local headers, data descriptors so an entry streams without knowing its size first, the central
 * directory); each entry's bytes are deflated and checksummed by node:zlib, whose native deflate and crc32 keep
 * the writer as fast as the hand-written zip it replaces (bench/xlsx.ts; fflate's own JavaScript deflate and
 * yazl's JavaScript CRC-32 both cost more). Whenever `out` is behind, the writer waits for it: nothing piles up.
 */

/** Deflate level: 1 is several times faster than the default 6 on sheet XML for a file about a third larger. */
const DEFLATE_LEVEL = constants.Z_BEST_SPEED;
/** fflate writes no ZIP64: no size or offset may reach 4 GB. */
const ZIP32_LIMIT = 0xffff_ffff;
const CLOSED = 'The output stream closed before the XLSX was written';

/** node:zlib's output as fflate's type names it (a Buffer's memory is never shared here). */
const bytes = (buffer: Buffer) => buffer as Uint8Array<ArrayBuffer>;

/** Resolves when `stream` asks for more; rejects if it fails or closes first (the client went away). */
function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) return Promise.reject(new Error(CLOSED));
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('drain', onDrain);
      stream.off('close', onClose);
      stream.off('error', done);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => done();
    const onClose = () => done(new Error(CLOSED));
    stream.on('drain', onDrain);
    stream.on('close', onClose);
    stream.on('error', done);
  });
}

/** The entries' time: the zip format's local date and time, 1 Jan 1980 when out of its range. */
function zipTime(iso: string): Date {
  const at = new Date(iso);
  const year = at.getFullYear();
  return year >= 1980 && year <= 2099 ? at : new Date(1980, 0, 1);
}

export class XlsxZip {
  private readonly zip: Zip;
  private readonly mtime: Date;
  /** Bytes handed to `out`, to refuse a file past the 4 GB a zip without ZIP64 can address. */
  private written = 0;
  private failure: Error | null = null;

  constructor(
    private readonly out: Writable,
    generatedAt: string,
  ) {
    this.mtime = zipTime(generatedAt);
    // fflate hands the container's bytes over synchronously as each entry's data is pushed into it.
    this.zip = new Zip((error, chunk, final) => {
      if (error) {
        this.failure ??= error;
        return;
      }
      this.written += chunk.length;
      out.write(chunk);
      if (final) out.end();
    });
  }

  /** An entry whose data is pushed through its `ondata`, deflated, sizes and CRC set before the last push. */
  private entry(name: string): ZipInputFile & Required<Pick<ZipInputFile, 'ondata'>> {
    const file: ZipInputFile = { filename: name, size: 0, crc: 0, compression: 8, mtime: this.mtime };
    this.zip.add(file); // sets file.ondata
    this.check();
    return file as ZipInputFile & Required<Pick<ZipInputFile, 'ondata'>>;
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.written > ZIP32_LIMIT) {
      throw new Error('The XLSX file is larger than 4 GB, more than a zip without ZIP64 can hold');
    }
  }

  /** Waits while `out` is behind; fails if it closed. */
  private async caughtUp(): Promise<void> {
    this.check();
    if (this.out.destroyed || this.out.writableNeedDrain) await drained(this.out);
  }

  /** A small entry, deflated at once. */
  async add(name: string, text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    const file = this.entry(name);
    file.size = data.length;
    file.crc = crc32(data);
    file.ondata(null, bytes(deflateRawSync(data, { level: DEFLATE_LEVEL })), true);
    await this.caughtUp();
  }

  /** An entry streamed from text chunks, each deflated as it comes; the next chunk is asked for only then. */
  async stream(name: string, chunks: AsyncIterable<string>): Promise<void> {
    const file = this.entry(name);
    const deflate = createDeflateRaw({ level: DEFLATE_LEVEL });
    const out = this.out;
    // Deflated output goes straight on to `out`; when `out` is full, deflate pauses, its buffers fill, and the
    // loop below waits for it.
    deflate.on('data', (chunk: Buffer) => {
      file.ondata(null, bytes(chunk), false);
      if (out.destroyed || out.writableNeedDrain) {
        deflate.pause();
        drained(out).then(
          () => deflate.resume(),
          (error: Error) => deflate.destroy(error),
        );
      }
    });
    const ended = finished(deflate);
    // Failures are answered where the writer waits; this only keeps an early one from counting as unhandled.
    ended.catch(() => {});
    try {
      for await (const text of chunks) {
        const data = Buffer.from(text, 'utf8');
        file.crc = crc32(data, file.crc);
        file.size += data.length;
        if (file.size > ZIP32_LIMIT) {
          throw new Error('The XLSX sheet is larger than 4 GB, more than a zip without ZIP64 can hold');
        }
        if (!deflate.write(data)) await drained(deflate);
      }
      deflate.end();
      await ended;
    } catch (error) {
      deflate.destroy();
      throw error;
    }
    file.ondata(null, new Uint8Array(0), true); // the data descriptor
    await this.caughtUp();
  }

  /** The central directory; then `out` is ended, and this resolves once it has finished. */
  async finish(): Promise<void> {
    this.zip.end();
    this.check();
    await finished(this.out, { readable: false });
  }
}
