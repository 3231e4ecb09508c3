import { syncLimits, syncManifestSchema, type SyncManifest } from '@facet/contracts';
import { partOfPath } from './syncParts.ts';
import { SyncRefusal } from './syncRefusal.ts';

/** A manifest may hold more than a data chunk (one line per file): up to this many plain bytes. */
export const MANIFEST_MAX_PLAIN_BYTES = 16 * 1024 * 1024;

/**
 * The manifest of a stored version, checked before a byte of the folder is touched: this
 * format, this profile, within the limits, every path inside the part it claims (so none can
 * leave the profile's folder or write where no part may), each file's chunks matching its size.
 */
export function readManifest(plain: Buffer, profileId: string): SyncManifest {
  let json: unknown;
  try {
    json = JSON.parse(plain.toString('utf8'));
  } catch {
    throw new SyncRefusal('badManifest', 'the manifest is not JSON');
  }
  const parsed = syncManifestSchema.safeParse(json);
  if (!parsed.success) {
    const pathIssue = parsed.error.issues.find((issue) => issue.path.at(-1) === 'path');
    if (pathIssue) throw new SyncRefusal('badPath', `a file path is not a relative path inside the profile (${pathIssue.path.join('.')})`);
    if (parsed.error.issues.some((issue) => issue.code === 'too_big')) throw new SyncRefusal('tooLarge', 'the manifest names more than a profile may hold');
    throw new SyncRefusal('badManifest', `not a manifest of this format: ${parsed.error.issues[0]?.path.join('.')}`);
  }
  const manifest = parsed.data;
  if (manifest.profileId !== profileId) throw new SyncRefusal('badManifest', `the manifest is profile ${manifest.profileId}'s`);
  const parts = new Set(manifest.parts);
  const seen = new Set<string>();
  let total = 0;
  for (const file of manifest.files) {
    if (partOfPath(file.path) !== file.part || !parts.has(file.part)) throw new SyncRefusal('badPath', `${JSON.stringify(file.path)} is not a ${file.part} file of the profile`);
    if (seen.has(file.path)) throw new SyncRefusal('badManifest', `${file.path} appears twice`);
    seen.add(file.path);
    if (file.chunks.length !== Math.ceil(file.size / syncLimits.chunkBytes)) throw new SyncRefusal('badManifest', `${file.path}: ${file.chunks.length} chunks for ${file.size} bytes`);
    total += file.size;
  }
  if (total > syncLimits.maxProfileBytes) throw new SyncRefusal('tooLarge', `${total} bytes, more than ${syncLimits.maxProfileBytes}`);
  return manifest;
}
