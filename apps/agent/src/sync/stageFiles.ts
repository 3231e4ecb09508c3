import fs from 'node:fs/promises';
import path from 'node:path';
import { syncLimits, type SyncManifest } from '@facet/contracts';
import { openChunk, type SyncKeys } from './syncCrypto.ts';
import { SyncRefusal } from './syncRefusal.ts';
import type { SyncProgress, SyncTransport } from './syncTransport.ts';

/** Chunks per download request: up to 16 MiB plain. */
const CHUNKS_PER_REQUEST = 16;

type ManifestFile = SyncManifest['files'][number];

/**
 * Downloads these files of a version into `staging` (a folder of its own, on the profile's disk
 * so the move is a rename), each chunk opened and checked and each file its manifest's size.
 * Returns each file's staged name by its manifest path; a refusal is thrown before any of it is used.
 * `budgetBytes` is what the server counted for the version: unpacking stops, refused, before a
 * byte past it is written, whatever the manifest said (one chunk named many times, issue 34).
 */
export async function stageFiles(options: {
  staging: string;
  files: readonly ManifestFile[];
  profileId: string;
  keys: SyncKeys;
  transport: SyncTransport;
  budgetBytes: number;
  onProgress?: (progress: SyncProgress) => void;
}): Promise<{ staged: Map<string, string>; downloadedBytes: number }> {
  const { staging, files, profileId, keys, transport } = options;
  const budget = { left: options.budgetBytes };
  const totalBytes = files.reduce((n, f) => n + f.size, 0);
  let doneBytes = 0;
  let downloadedBytes = 0;
  options.onProgress?.({ direction: 'download', doneBytes, totalBytes });
  const staged = new Map<string, string>();
  // Files in groups of about CHUNKS_PER_REQUEST chunks: one request serves many small files.
  for (let start = 0; start < files.length; ) {
    const group: ManifestFile[] = [];
    let count = 0;
    while (start < files.length && (group.length === 0 || count + files[start]!.chunks.length <= CHUNKS_PER_REQUEST)) {
      count += files[start]!.chunks.length;
      group.push(files[start++]!);
    }
    const ids = [...new Set(group.flatMap((f) => f.chunks))];
    const plain = new Map<string, Buffer>();
    for (let i = 0; i < ids.length; i += CHUNKS_PER_REQUEST) {
      const asked = ids.slice(i, i + CHUNKS_PER_REQUEST);
      const sealed = await readEvery(transport, profileId, asked);
      // What was asked, not what came: a chunk the server adds unasked is neither opened nor counted.
      for (const id of asked) {
        const bytes = sealed.get(id)!;
        downloadedBytes += bytes.length;
        plain.set(id, await openChunk(keys, profileId, id, bytes));
      }
    }
    for (const file of group) {
      const stagedFile = path.join(staging, String(staged.size));
      await writeStaged(stagedFile, file, plain, budget);
      staged.set(file.path, stagedFile);
      doneBytes += file.size;
      options.onProgress?.({ direction: 'download', doneBytes, totalBytes });
    }
  }
  return { staged, downloadedBytes };
}

async function writeStaged(stagedFile: string, file: ManifestFile, plain: Map<string, Buffer>, budget: { left: number }): Promise<void> {
  const handle = await fs.open(stagedFile, 'wx', 0o600);
  try {
    let written = 0;
    for (const [index, id] of file.chunks.entries()) {
      const bytes = plain.get(id)!;
      const expected = Math.min(syncLimits.chunkBytes, file.size - index * syncLimits.chunkBytes);
      if (bytes.length !== expected) throw new SyncRefusal('badManifest', `${file.path}: chunk ${index} holds ${bytes.length} bytes, not ${expected}`);
      if (bytes.length > budget.left) throw new SyncRefusal('overCounted', `${file.path}: more bytes than the server counted for the version`);
      budget.left -= bytes.length;
      await handle.write(bytes, 0, bytes.length, written);
      written += bytes.length;
    }
  } finally {
    await handle.close();
  }
}

/** The chunks, all of them, or a refusal naming the first the server did not give. */
export async function readEvery(transport: SyncTransport, profileId: string, ids: string[]): Promise<Map<string, Buffer>> {
  const got = await transport.read(profileId, ids);
  const absent = ids.find((id) => !got.has(id));
  if (absent) throw new SyncRefusal('missingChunk', `the server did not give chunk ${absent}`);
  return got;
}
