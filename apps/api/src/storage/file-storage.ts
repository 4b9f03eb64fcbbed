import type { Readable } from 'node:stream';
import type { FileSpace } from './storage-keys';

/** What is put: bytes in memory, or a finished file on this node's disk (which the store may move in). */
type PutSource = Buffer | { file: string };

/** A stored file as it is read back: its bytes as a stream, its length and type. */
interface StoredFile {
  body: Readable;
  size: number;
  contentType: string | undefined;
}

/**
 * Files kept for the product (decision 0029): attachments, avatars, export ZIPs, each under one of
 * our random keys in its space. Built once per server (`server.ts`): a local folder, or an S3 bucket
 * every node shares. Every method refuses a key that is not ours (InvalidStorageKeyError).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * A folder of this node's own for files on their way in (uploads being received, ZIPs being built);
   * whoever writes there removes what they wrote (`rm(…, { force: true })`, also after a `put` that moved it).
   */
  readonly tempDir: string;
  put(space: FileSpace, key: string, source: PutSource, contentType: string): Promise<void>;
  /** The file as a stream, or undefined when there is none. */
  get(space: FileSpace, key: string): Promise<StoredFile | undefined>;
  /** The whole file in memory (the AI file reader), or undefined when there is none. */
  read(space: FileSpace, key: string): Promise<Buffer | undefined>;
  /** Deletes the file; one already gone is fine. */
  delete(space: FileSpace, key: string): Promise<void>;
  exists(space: FileSpace, key: string): Promise<boolean>;
  /** Rejects when the store cannot be reached (readiness). */
  check(): Promise<void>;
  /** Ends connections and removes this node's temporary folders (and, for `memory://`, the whole store). */
  close(): Promise<void>;
}
