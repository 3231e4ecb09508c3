/**
 * The names blobs are stored under, the same in every BlobStore: `plugins/<sha256>`,
 * `sync/<profileId>/<chunkId>`. One rule keeps any key from becoming a path outside the store:
 * segments of lower-case letters, digits, `.`, `_` and `-`, each starting with a letter or digit
 * (so no `.`, `..`, empty or hidden segment), joined by single `/`, no leading or trailing `/`.
 * Lower case only, so two keys never name one file on a case-insensitive disk (macOS, Windows).
 */
const SEGMENT = '[a-z0-9][a-z0-9._-]*';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);

/** S3 allows 1024 bytes; a shorter bound leaves room for a bucket prefix. */
const MAX_BLOB_KEY_LENGTH = 512;
/** File systems allow 255 bytes per name; the temporary name adds to it on disk. */
const MAX_BLOB_KEY_SEGMENT = 128;

/** A plugin version's zip, by the SHA-256 of its bytes: equal bytes are stored once, whoever uploaded them. */
export function pluginBlobKey(sha256: string): string {
  return `plugins/${sha256}`;
}

export function isBlobKey(key: string): boolean {
  return key.length <= MAX_BLOB_KEY_LENGTH && KEY.test(key) && key.split('/').every((segment) => segment.length <= MAX_BLOB_KEY_SEGMENT);
}

/** A key outside the rule is a bug of the caller, never user input reaching the disk. */
export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new InvalidBlobKey(key);
}

/**
 * A prefix for `list`: a key, or the start of one (`sync/`, `sync/k3x9`). It may end in `/` but
 * follows the same rule otherwise, so listing cannot walk outside the store either.
 */
export function assertBlobPrefix(prefix: string): void {
  if (prefix === '') return;
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (!isBlobKey(trimmed)) throw new InvalidBlobKey(prefix);
}

export class InvalidBlobKey extends Error {
  constructor(key: string) {
    // The key is ours (built from hashes and ids), so it is safe to name; cut in case it is long.
    super(`not a blob key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidBlobKey';
  }
}
