import type { Readable } from 'node:stream';

/**
 * Where the server keeps bytes that do not belong in the database: plugin packages, profile
 * state. Two implementations pass the same contract tests (test/blobStore.test.ts): files in the
 * data folder (fileBlobStore.ts, the default) and an S3-compatible bucket (s3BlobStore.ts, with
 * FACET_S3_URL), so several server instances can share one store.
 *
 * Keys follow blobKey.ts (`plugins/<sha256>`, `sync/<profileId>/<chunkId>`); a key outside that
 * rule throws InvalidBlobKey before anything is touched. A key is never also the folder of
 * another key (`a/b` and `a/b/c`): on disk one of them could not exist.
 */
export interface BlobStore {
  /** For the start-up log: where the blobs are, never a credential. */
  readonly description: string;
  /**
   * Stores the bytes under the key, replacing what was there. Atomic: a reader sees the old
   * bytes or the new ones, never part of them, and a crash leaves no half blob under the key.
   */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes as a stream with their size, or null when the key holds nothing. */
  open(key: string): Promise<OpenedBlob | null>;
  /**
   * The bytes whole, or null when the key holds nothing. With `maxBytes`, a larger blob throws
   * BlobTooLarge rather than being read into memory.
   */
  get(key: string, options?: { maxBytes?: number }): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Removes the blob; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
  /** Removes many at once (S3 takes up to 1000 per request); missing keys are skipped. */
  deleteMany(keys: readonly string[]): Promise<void>;
  /**
   * Every blob whose key starts with the prefix (`sync/`, `sync/k3x9q2mz/`), in no particular
   * order, for garbage collection and usage counts. Blobs put while listing may or may not appear.
   */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** At server close: ends kept-alive connections (S3); nothing to do for files. */
  close(): void;
}

export interface OpenedBlob {
  stream: Readable;
  size: number;
}

export interface BlobEntry {
  key: string;
  size: number;
}

/** `get` with `maxBytes` met a larger blob; nothing of it was kept. */
export class BlobTooLarge extends Error {
  constructor(
    readonly key: string,
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`blob ${key} holds ${size} bytes, more than the ${maxBytes} asked for`);
    this.name = 'BlobTooLarge';
  }
}
