import type { SyncPart, SyncVersion } from '@facet/contracts';

/**
 * The server side of a profile's state, as the agent's signed-in account reaches it (the
 * console's session or the API token): core/profileSource.ts implements it.
 */
export interface SyncTransport {
  missing(profileId: string, chunks: { id: string; size: number }[]): Promise<string[]>;
  /** Uploads sealed chunks (a few MB per request). */
  put(profileId: string, chunks: { id: string; bytes: Buffer }[]): Promise<void>;
  commit(profileId: string, input: { baseVersionId: string | null; manifestChunk: string; chunks: string[]; parts: SyncPart[]; plainBytes: number }): Promise<{ version: SyncVersion; conflictWith: SyncVersion | null }>;
  /** The sealed bytes of these chunks; fails when the server does not answer them all. */
  read(profileId: string, ids: string[]): Promise<Map<string, Buffer>>;
}

/** How far an upload or download is, in bytes, for the console's progress. */
export interface SyncProgress {
  direction: 'upload' | 'download';
  doneBytes: number;
  totalBytes: number;
}
