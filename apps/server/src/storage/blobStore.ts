import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Content-addressed files under `<data folder>/blobs/`, each named by the hex SHA-256 of its
 * bytes. The name is the only key: equal bytes are stored once, whoever uploaded them, and a
 * name that is not a hash never becomes a path (no traversal through it).
 */
export class BlobStore {
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'blobs');
  }

  private pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new Error('blob names are lower-case hex SHA-256');
    // Two levels of fan-out keep any one folder small on file systems that slow down past ~10k.
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  /**
   * Writes the bytes under their hash (the caller computed it while reading the upload).
   * Written to a temporary name and renamed, so a crash never leaves a half blob under a hash.
   */
  async put(sha256: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(sha256);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    await fs.rename(temporary, target);
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await fs.access(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  /** The bytes as a stream, or null when no such blob exists. */
  async open(sha256: string): Promise<{ stream: Readable; size: number } | null> {
    const file = this.pathOf(sha256);
    try {
      const { size } = await fs.stat(file);
      return { stream: createReadStream(file), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    await fs.rm(this.pathOf(sha256), { force: true });
  }
}
