import { randomUUID } from 'node:crypto';
import type { SyncPart, SyncRefusalReason, SyncVersion } from '@facet/contracts';
import type { SyncTransport } from '../../src/sync/syncTransport.ts';

/**
 * Tests: the server's side of a profile's state, in memory. It keeps what the real one keeps
 * (sealed chunks per profile, every version, conflicts beside the newest) and nothing it checks
 * (leases, quotas, who may save): those have the server's own tests over real HTTP.
 */
export class MemorySyncTransport implements SyncTransport {
  /** Sealed chunks by profile, then by id: tests alter them to play a damaged or hostile store. */
  readonly chunks = new Map<string, Map<string, Buffer>>();
  readonly versions = new Map<string, SyncVersion[]>();
  /** Every chunk id each `put` carried, in order. */
  readonly putIds: string[] = [];
  /** Every chunk id each `read` asked for, in order. */
  readonly readIds: string[] = [];
  /** Every version an agent refused, with its reason, in order. */
  readonly refusals: { profileId: string; versionId: string; reason: SyncRefusalReason }[] = [];

  constructor(private readonly device = 'test-machine') {}

  async missing(profileId: string, chunks: { id: string; size: number }[]): Promise<string[]> {
    const stored = this.storeOf(profileId);
    return chunks.filter((c) => !stored.has(c.id)).map((c) => c.id);
  }

  async put(profileId: string, chunks: { id: string; bytes: Buffer }[]): Promise<void> {
    const stored = this.storeOf(profileId);
    for (const chunk of chunks) {
      this.putIds.push(chunk.id);
      stored.set(chunk.id, Buffer.from(chunk.bytes));
    }
  }

  async commit(profileId: string, input: { baseVersionId: string | null; manifestChunk: string; chunks: string[]; files: number; parts: SyncPart[]; plainBytes: number }): Promise<{ version: SyncVersion; conflictWith: SyncVersion | null }> {
    const stored = this.storeOf(profileId);
    const absent = [...input.chunks, input.manifestChunk].find((id) => !stored.has(id));
    if (absent) throw new Error(`commit names chunk ${absent}, which was never uploaded`);
    const list = this.versions.get(profileId) ?? [];
    const newest = this.head(profileId);
    const base = list.find((v) => v.id === input.baseVersionId) ?? null;
    // As the server does: a version made from an older one than the newest usable is kept beside it and becomes the newest.
    const conflictWith = newest && newest.id !== input.baseVersionId ? newest : null;
    for (const v of list) v.head = false;
    const version: SyncVersion = {
      id: randomUUID(),
      number: list.length + 1,
      createdAt: Date.now(),
      device: this.device,
      by: 'tester@example.test',
      parts: input.parts,
      plainBytes: input.plainBytes,
      manifestChunk: input.manifestChunk,
      baseNumber: base?.number ?? null,
      conflictWith: conflictWith?.number ?? null,
      restoredFrom: null,
      head: true,
      refused: null,
    };
    this.versions.set(profileId, [...list, version]);
    return { version, conflictWith };
  }

  /** Answers the chunks it holds; a chunk it lacks is simply not in the answer. */
  async read(profileId: string, ids: string[]): Promise<Map<string, Buffer>> {
    const stored = this.storeOf(profileId);
    const out = new Map<string, Buffer>();
    for (const id of ids) {
      this.readIds.push(id);
      const bytes = stored.get(id);
      if (bytes) out.set(id, Buffer.from(bytes));
    }
    return out;
  }

  /** As the server marks it: refused, passed over from now on; answers the newest version nobody refused. */
  async refuse(profileId: string, versionId: string, reason: SyncRefusalReason): Promise<SyncVersion | null> {
    this.refusals.push({ profileId, versionId, reason });
    const version = this.versions.get(profileId)?.find((v) => v.id === versionId);
    if (!version) throw new Error(`no version ${versionId} of ${profileId}`);
    version.refused ??= { at: Date.now(), by: 'tester@example.test', device: this.device, reason };
    version.head = false;
    const head = this.head(profileId);
    if (head) head.head = true;
    return head;
  }

  /** What a start opens: the newest version nobody refused. */
  head(profileId: string): SyncVersion | null {
    return (this.versions.get(profileId) ?? []).filter((v) => v.refused === null).at(-1) ?? null;
  }

  private storeOf(profileId: string): Map<string, Buffer> {
    let stored = this.chunks.get(profileId);
    if (!stored) this.chunks.set(profileId, (stored = new Map()));
    return stored;
  }
}
