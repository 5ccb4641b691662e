import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A gzipped ustar archive, written and read as a stream (ADR 0084): `tar tzf` lists a backup and
 * `tar xzf` unpacks it by hand, and a large media file never has to fit in memory. Regular files
 * only; names up to 255 bytes (ustar's prefix and name fields).
 */
const BLOCK = 512;

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`name too long for the archive: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  block.write(base, 0, 100, 'utf8');
  block.write('0000644\0', 100, 'ascii');
  block.write('0000000\0', 108, 'ascii');
  block.write('0000000\0', 116, 'ascii');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
    'ascii',
  );
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** Writes entries into a .tar.gz file; each entry's SHA-256 is returned for the manifest. */
export class ArchiveWriter {
  private readonly gzip = createGzip();
  private readonly file: Writable;
  private readonly fileHash = createHash('sha256');
  private readonly done: Promise<void>;

  constructor(path: string) {
    this.file = createWriteStream(path, { mode: 0o600 });
    this.gzip.on('data', (chunk: Buffer) => this.fileHash.update(chunk));
    this.gzip.pipe(this.file);
    this.done = once(this.file, 'finish').then(() => undefined);
  }

  private async write(chunk: Buffer): Promise<void> {
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async addBuffer(name: string, content: Buffer): Promise<string> {
    await this.write(header(name, content.length, new Date()));
    await this.write(content);
    await this.pad(content.length);
    return createHash('sha256').update(content).digest('hex');
  }

  /** Streams a file in; its size is taken from `size` and must not change while it is read. */
  async addFile(name: string, source: string, size: number, mtime: Date): Promise<string> {
    await this.write(header(name, size, mtime));
    const hash = createHash('sha256');
    let written = 0;
    const content = size > 0 ? (createReadStream(source, { start: 0, end: size - 1 }) as AsyncIterable<Buffer>) : [];
    for await (const chunk of content) {
      hash.update(chunk);
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${source} changed size while it was backed up`);
    await this.pad(size);
    return hash.digest('hex');
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest, 0));
  }

  /** Ends the archive; returns the SHA-256 of the whole file as written. */
  async close(): Promise<string> {
    await this.write(Buffer.alloc(BLOCK * 2, 0));
    this.gzip.end();
    await this.done;
    return this.fileHash.digest('hex');
  }
}

export interface ArchiveEntry {
  name: string;
  size: number;
  /** The entry's bytes, in order; must be consumed before the next entry is read. */
  chunks: AsyncIterable<Buffer>;
}

/** Reads a .tar.gz file entry by entry, as a stream. */
export async function* readArchive(path: string): AsyncGenerator<ArchiveEntry> {
  const source = createReadStream(path).pipe(createGunzip()) as Readable;
  const iterator = (source as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  let ended = false;
  const fill = async (bytes: number) => {
    while (buffered.length < bytes && !ended) {
      const next = await iterator.next();
      if (next.done) ended = true;
      else buffered = buffered.length ? Buffer.concat([buffered, next.value]) : next.value;
    }
    if (buffered.length < bytes) throw new Error('the archive ends early: the file is truncated');
  };
  const take = async (bytes: number) => {
    await fill(bytes);
    const out = buffered.subarray(0, bytes);
    buffered = buffered.subarray(bytes);
    return out;
  };
  try {
    for (;;) {
      const block = await take(BLOCK);
      if (block.every((byte) => byte === 0)) return;
      const field = (start: number, length: number) => block.toString('utf8', start, start + length).replace(/\0.*$/s, '');
      const name = [field(345, 155), field(0, 100)].filter(Boolean).join('/');
      const size = parseInt(field(124, 12).trim() || '0', 8);
      if (field(156, 1) !== '0' && field(156, 1) !== '') throw new Error(`unexpected entry type in the archive: ${name}`);
      let left = size;
      const chunks = async function* () {
        while (left > 0) {
          if (buffered.length === 0) await fill(1);
          const piece = buffered.subarray(0, Math.min(left, buffered.length));
          buffered = buffered.subarray(piece.length);
          left -= piece.length;
          yield piece;
        }
      };
      yield { name, size, chunks: chunks() };
      // Whatever the consumer left unread, then the padding to the next block.
      while (left > 0) await take(Math.min(left, 65_536)).then((piece) => (left -= piece.length));
      const rest = size % BLOCK;
      if (rest) await take(BLOCK - rest);
    }
  } finally {
    source.destroy();
  }
}

/** The SHA-256 of a file on disk, as `sha256sum` prints it. */
export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

export async function readAll(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}
