import { crc32, createInflateRaw } from 'node:zlib';
import { MAGIC_PREFIX_BYTES } from './fileMagic.ts';
import { PackageRefusal, refuse, type Refusal } from './inspectionRefusal.ts';
import type { LocatedEntry } from './zipLocalHeaders.ts';
import { METHOD_STORED } from './zipEntryRules.ts';

export interface VerifiedEntry {
  /** The first bytes of the content, to sniff for archives hiding under another name. */
  head: Buffer;
  /** The whole content, only when asked for (manifest.json). */
  content?: Buffer;
}

const INFLATE_CHUNK = 64 * 1024;

/**
 * Inflate one entry and hold it to its header: it must produce exactly the declared number of
 * bytes with the declared CRC-32. Inflation stops the moment output passes the declared size,
 * so a header that lies low (the usual zip-bomb trick) costs at most one chunk beyond what it
 * declared, and the declared sizes were already bounded before we got here. Output is dropped
 * as it streams unless `keep` asks for it.
 */
export async function verifyEntry(bytes: Buffer, entry: LocatedEntry, path: string, keep: boolean): Promise<VerifiedEntry | Refusal> {
  const { record } = entry;
  const compressed = bytes.subarray(entry.dataStart, entry.dataEnd);
  const declared = record.uncompressedSize;
  const head: Buffer[] = [];
  let headLength = 0;
  const kept: Buffer[] = [];
  let produced = 0;
  let crc = 0;

  const take = (chunk: Buffer): boolean => {
    produced += chunk.length;
    if (produced > declared) return false;
    crc = crc32(chunk, crc);
    if (headLength < MAGIC_PREFIX_BYTES) {
      const slice = chunk.subarray(0, MAGIC_PREFIX_BYTES - headLength);
      head.push(slice);
      headLength += slice.length;
    }
    if (keep) kept.push(chunk);
    return true;
  };

  if (record.method === METHOD_STORED) {
    take(compressed);
  } else {
    const outcome = await inflateBounded(compressed, take);
    if (outcome === 'too-long') return refuse(PackageRefusal.SIZE_MISMATCH, { path, declared, actual: `>${declared}` });
    if (outcome === 'invalid') return refuse(PackageRefusal.CORRUPT, { reason: 'invalid-deflate-data', path });
  }
  if (produced !== declared) return refuse(PackageRefusal.SIZE_MISMATCH, { path, declared, actual: produced });
  if (crc !== record.crc32) return refuse(PackageRefusal.CORRUPT, { reason: 'crc-mismatch', path });
  const verified: VerifiedEntry = { head: Buffer.concat(head) };
  if (keep) verified.content = Buffer.concat(kept, produced);
  return verified;
}

/**
 * Stream the compressed bytes through a raw inflater, handing each output chunk to `take`;
 * `take` answering false ends the inflation at once.
 */
function inflateBounded(compressed: Buffer, take: (chunk: Buffer) => boolean): Promise<'done' | 'too-long' | 'invalid'> {
  return new Promise((resolve) => {
    const inflater = createInflateRaw({ chunkSize: INFLATE_CHUNK });
    let settled = false;
    const settle = (outcome: 'done' | 'too-long' | 'invalid') => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    inflater.on('data', (chunk: Buffer) => {
      if (settled) return;
      if (!take(chunk)) {
        settle('too-long');
        inflater.destroy();
      }
    });
    inflater.on('end', () => settle('done'));
    // zlib reports malformed or truncated deflate data here; for an upload that is a refusal.
    inflater.on('error', () => settle('invalid'));
    inflater.end(compressed);
  });
}
