import { Code, syncLimits } from '@facet/contracts';
import { AppError } from '../errors.ts';

/**
 * The size a commit may claim, counted from its chunk references with their repeats (issue 34:
 * a 1.4 kB upload naming one zero chunk 300 times claimed 1.4 kB and made agents write 300 MiB).
 * Each reference carries at most a chunk's bytes, and each but a file's last a whole chunk, so
 * the size lies between (references - files) chunks and `references` chunks. The server cannot
 * read the sealed manifest: an agent applying the version checks the manifest against this same
 * count and writes no more than it (apps/agent/src/sync/applyState.ts).
 */
export function assertVersionSize(input: { plainBytes: number; references: number; files: number }): void {
  const { plainBytes, references, files } = input;
  if (plainBytes > syncLimits.maxProfileBytes) throw new AppError(Code.SYNC_TOO_LARGE, { limit: syncLimits.maxProfileBytes });
  const fewest = Math.max(0, references - files) * syncLimits.chunkBytes;
  const most = references * syncLimits.chunkBytes;
  if (plainBytes < fewest || plainBytes > most) throw new AppError(Code.SYNC_SIZE_MISMATCH, { plainBytes, references, files });
}
