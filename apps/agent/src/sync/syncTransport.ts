import type { SyncPart, SyncRefusalReason, SyncVersion } from '@facet/contracts';

/**
 * The server side of a profile's state, as the agent's signed-in account reaches it (the
 * console's session or the API token): core/profileSource.ts implements it.
 */
export interface SyncTransport {
  missing(profileId: string, chunks: { id: string; size: number }[]): Promise<string[]>;
  /** Uploads sealed chunks (a few MB per request). */
  put(profileId: string, chunks: { id: string; bytes: Buffer }[]): Promise<void>;
  /** `chunks`: every reference of the manifest with its repeats, then the manifest's own; `files`: how many files it lists. */
  commit(profileId: string, input: { baseVersionId: string | null; manifestChunk: string; chunks: string[]; files: number; parts: SyncPart[]; plainBytes: number }): Promise<{ version: SyncVersion; conflictWith: SyncVersion | null }>;
  /** The sealed bytes of these chunks; fails when the server does not answer them all. */
  read(profileId: string, ids: string[]): Promise<Map<string, Buffer>>;
  /** This machine refused the version: the server passes it over and tells the owner; answers the version to open instead. */
  refuse(profileId: string, versionId: string, reason: SyncRefusalReason): Promise<SyncVersion | null>;
}

/** How far an upload or download is, in bytes, for the console's progress. */
export interface SyncProgress {
  direction: 'upload' | 'download';
  doneBytes: number;
  totalBytes: number;
}
