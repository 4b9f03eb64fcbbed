import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { once } from 'node:events';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** A ZIP written entry by entry to a file: JSON and text compressed, files copied as they are (most are compressed already). */
export interface ZipWriter {
  addText(name: string, text: string): Promise<void>;
  /** Copies a stored file's bytes in as they arrive. */
  addFile(name: string, source: Readable): Promise<void>;
  /** Finishes the ZIP; resolves once every byte is on disk. */
  finish(): Promise<void>;
  /** Gives up: the half-written file is closed (the caller deletes it). */
  abort(): void;
}

export function createZipWriter(filePath: string): ZipWriter {
  const out = createWriteStream(filePath);
  let failure: Error | undefined;
  out.on('error', (error) => (failure ??= error));
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else out.write(chunk);
    if (final || error) out.end();
  });
  const closed = once(out, 'close');
  // Waits while the file lags behind, so a large upload is never held in memory whole.
  const drained = async () => {
    if (failure) throw failure;
    if (out.writableNeedDrain) await once(out, 'drain');
  };

  return {
    async addText(name, text) {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(new TextEncoder().encode(text), true);
      await drained();
    },
    async addFile(name, source) {
      const entry = new ZipPassThrough(name);
      zip.add(entry);
      for await (const chunk of source) {
        entry.push(chunk as Uint8Array);
        await drained();
      }
      entry.push(new Uint8Array(0), true);
    },
    async finish() {
      zip.end();
      await closed;
      if (failure) throw failure;
    },
    abort() {
      zip.terminate();
      out.destroy();
    },
  };
}
