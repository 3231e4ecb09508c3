import { randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../repositories/store.ts';
import { Code, syncLimits, type SyncPart, type SyncRefusalReason, type SyncVersion, type SyncVersionRefusedPush } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import { SecretUnreadable } from '../security/secretUnreadable.ts';
import type { Account } from '../repositories/accounts.ts';
import { type ProfileRecord } from '../repositories/profiles.ts';
import { type SyncVersionRecord } from '../repositories/syncVersions.ts';
import { accessTo } from './profileAccess.ts';
import { profileSyncKeyBinding } from '../codecs/profileCodec.ts';
import type { LeaseService } from './leaseService.ts';
import type { StorageReservation } from './storageQuota.ts';
import { assertVersionSize } from './syncVersionSize.ts';
import type { PushHub } from '../realtime/pushHub.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import type { BlobStore } from '../storage/blobStore.ts';

/** What the sync needs of the blob store. */
type SyncBlobs = Pick<BlobStore, 'put' | 'get' | 'delete' | 'deleteMany' | 'list'>;

/** What the sync needs of the plan's storage allowance. */
interface SyncQuota {
  /** Throws the plan's "storage full" refusal when `bytes` more would not fit the account's allowance. */
  ensureRoom(accountId: string, bytes: number): Promise<void>;
  /** The same, as room granted until released: parallel uploads cannot all pass one check. */
  reserve(accountId: string, bytes: number): Promise<StorageReservation>;
}

/** Chunks written to the blob store at once by one upload. */
const STORE_AT_ONCE = 8;

/** Chunks younger than this are never collected: they may belong to a save still uploading. */
const COLLECT_GRACE_MS = 60 * 60_000;

function chunkKey(profileId: string, chunkId: string): string {
  return `sync/${profileId}/${chunkId}`;
}

/**
 * A profile's state between machines (issue 15). The agent seals everything before it leaves
 * the machine; the server stores chunks it cannot read, checks who may save (the machine holding
 * the lease) and read (whoever may run the profile), counts the bytes against the owner's plan,
 * numbers the versions, and says so when a save was made beside a newer one.
 */
export class SyncService {
  constructor(
    private readonly data: Store,
    private readonly blobs: SyncBlobs,
    private readonly leases: LeaseService,
    private readonly secrets: SecretBox,
    private readonly quota: SyncQuota,
    private readonly push: Pick<PushHub, 'pushToAccount'>,
    private readonly clock: Clock,
  ) {}

  /**
   * The profile's sync key in the clear (for the launch's sealed secrets), made at its first
   * start. A key that can never open in this row (copied from another, secretBinding.test.ts;
   * not a sealed value) is replaced: nothing sealed under it can be read again, so the profile
   * starts without its old state rather than never (it was a 500). A key sealed with a key
   * version this server does not hold is kept and the start refused (1507): keys rotated on
   * another instance open here after a restart, and replacing it would lose the state for good.
   */
  async syncKey(record: ProfileRecord): Promise<string> {
    const binding = profileSyncKeyBinding(record.owner_id, record.id);
    const profiles = this.data.profiles;
    let sealed = record.sync_key || (await profiles.syncKeyOf(record.id));
    let opened = '';
    try {
      opened = sealed ? this.secrets.openOrLost(binding, sealed, '') : '';
    } catch (error) {
      if (error instanceof SecretUnreadable) throw new AppError(Code.SYNC_KEY_UNREADABLE);
      throw error;
    }
    if (opened) return opened;
    const made = this.secrets.seal(binding, randomBytes(32).toString('base64url'));
    // Two first starts at once: one key wins, both read it back.
    if (sealed) await profiles.replaceSyncKey(record.id, sealed, made);
    else await profiles.setSyncKeyOnce(record.id, made);
    sealed = await profiles.syncKeyOf(record.id);
    return this.secrets.open(binding, sealed);
  }

  /** What a start opens: the newest version no computer refused. */
  async head(profileId: string): Promise<SyncVersion | null> {
    const usable = await this.data.syncVersions.newestUsable(profileId);
    return usable ? toSyncVersion(usable, usable.number) : null;
  }

  async missing(actor: Account, profileId: string, deviceKey: string, chunks: readonly { id: string; size: number }[]): Promise<string[]> {
    const { record } = await this.leases.reachToSave(actor, profileId, deviceKey);
    await this.leases.assertHeld(profileId, deviceKey);
    const present = await this.data.syncChunks.present(profileId, chunks.map((c) => c.id));
    const missing = chunks.filter((c) => !present.has(c.id));
    await this.quota.ensureRoom(record.owner_id, missing.reduce((n, c) => n + c.size, 0));
    return [...new Set(missing.map((c) => c.id))];
  }

  /** Stores uploaded chunks (already split into frames by the route); ones already stored are skipped. */
  async store(actor: Account, profileId: string, deviceKey: string, chunks: readonly { id: string; bytes: Uint8Array }[]): Promise<number> {
    const { record } = await this.leases.reachToSave(actor, profileId, deviceKey);
    await this.leases.assertHeld(profileId, deviceKey);
    const repo = this.data.syncChunks;
    const present = await repo.present(profileId, chunks.map((c) => c.id));
    const fresh = [...new Map(chunks.filter((c) => !present.has(c.id)).map((c) => [c.id, c])).values()];
    // Reserved, not only checked: uploads running side by side each see the others' room taken.
    const reservation = await this.quota.reserve(record.owner_id, fresh.reduce((n, c) => n + c.bytes.length, 0));
    let settled = false;
    try {
      // A few at a time: each put waits for its flush to the disk (or its S3 round trip), and one
      // after another they were most of a first save's time (bench/profileSync.ts).
      for (let i = 0; i < fresh.length; i += STORE_AT_ONCE) {
        await Promise.all(fresh.slice(i, i + STORE_AT_ONCE).map((c) => this.blobs.put(chunkKey(profileId, c.id), Buffer.from(c.bytes.buffer, c.bytes.byteOffset, c.bytes.byteLength))));
      }
      // Recorded after the bytes are stored (a row always names a blob that exists), and the
      // reservation ends in the same step: the bytes are counted once, never twice or not at all.
      const now = this.clock.now();
      await this.data.transaction(async (tx) => {
        await reservation.release(tx);
        await tx.syncChunks.record(profileId, fresh.map((c) => ({ id: c.id, size: c.bytes.length })), now);
      });
      settled = true;
    } finally {
      if (!settled) await reservation.release();
    }
    return fresh.length;
  }

  async commit(
    actor: Account,
    input: { id: string; deviceKey: string; baseVersionId: string | null; manifestChunk: string; chunks: string[]; files: number; parts: SyncPart[]; plainBytes: number },
  ): Promise<{ version: SyncVersion; conflictWith: SyncVersion | null }> {
    // Also the last save of a holder whose access ended while its browser ran: it goes to the owner.
    await this.leases.reachToSave(actor, input.id, input.deviceKey);
    const lease = await this.leases.assertHeld(input.id, input.deviceKey);
    // Counted with repeats: a chunk named 300 times is 300 chunks' bytes to whoever applies it.
    assertVersionSize({ plainBytes: input.plainBytes, references: input.chunks.filter((c) => c !== input.manifestChunk).length, files: input.files });
    const chunks = [...new Set([...input.chunks, input.manifestChunk])];
    const present = await this.data.syncChunks.present(input.id, chunks);
    const absent = chunks.filter((c) => !present.has(c));
    if (absent.length > 0) throw new AppError(Code.SYNC_CHUNKS_MISSING, { count: absent.length });
    const now = this.clock.now();
    const { version, passed, collected } = await this.data.transaction(async (tx) => {
      const versions = tx.syncVersions;
      const newest = await versions.newest(input.id);
      const usable = await versions.newestUsable(input.id);
      const base = input.baseVersionId ? await versions.find(input.id, input.baseVersionId) : null;
      // Made from something other than the newest a start would open: both are kept, this one is
      // the newest now. A refused version passed over is no conflict: no machine could use it.
      const passed = usable && usable.id !== input.baseVersionId ? usable : null;
      const row = {
        id: randomUUID(),
        profile_id: input.id,
        number: (newest?.number ?? 0) + 1,
        created_at: now,
        device_name: lease.device,
        by_name: actor.username,
        parts: JSON.stringify(input.parts),
        plain_bytes: input.plainBytes,
        manifest_chunk: input.manifestChunk,
        chunks: JSON.stringify(chunks),
        base_number: base?.number ?? null,
        conflict_with: passed?.number ?? null,
        restored_from: null,
        refused_at: null,
        refused_by: null,
        refused_device: null,
        refused_reason: null,
      };
      await versions.insert(row);
      const collected = await this.prune(tx, input.id, now);
      return { version: row, passed, collected };
    });
    await this.dropBlobs(input.id, collected);
    return { version: toSyncVersion(version, version.number), conflictWith: passed ? toSyncVersion(passed, version.number) : null };
  }

  async versions(actor: Account, profileId: string): Promise<SyncVersion[]> {
    await this.reach(actor, profileId, 'run');
    const list = await this.data.syncVersions.list(profileId);
    const head = list.find((v) => v.refused_at === null)?.number ?? null;
    return list.map((v) => toSyncVersion(v, head));
  }

  /**
   * A computer refused this version (issue 34): it is marked, starts pass it over for the newest
   * one nobody refused, and the profile's owner is told which it was, who made it and who refused
   * it. Only the machine holding the lease (the one starting it) may say so. Answers what to open instead.
   */
  async refuse(actor: Account, input: { id: string; deviceKey: string; versionId: string; reason: SyncRefusalReason }): Promise<SyncVersion | null> {
    const record = await this.reach(actor, input.id, 'run');
    const lease = await this.leases.assertHeld(input.id, input.deviceKey);
    const refusal = { at: this.clock.now(), by: actor.username, device: lease.device, reason: input.reason };
    const { version, marked, usable, collected } = await this.data.transaction(async (tx) => {
      const versions = tx.syncVersions;
      const version = await versions.find(input.id, input.versionId);
      if (!version) throw new AppError(Code.NOT_FOUND, { ids: [input.versionId] });
      // Only what a start opens can be refused: the newest nobody refused (the lease holder alone
      // saves, and a restore waits for the lease, so it is still what this start opened). Any
      // other would let one who may only run the profile push the owner's good versions aside.
      // One already refused is answered as before: a refusal sent twice is no error.
      const opened = await versions.newestUsable(input.id);
      if (version.refused_at === null && opened?.id !== version.id) throw new AppError(Code.SYNC_REFUSAL_NOT_OPENED, { number: version.number, opened: opened?.number ?? null });
      const marked = await versions.markRefused(input.id, input.versionId, refusal);
      return { version, marked, usable: await versions.newestUsable(input.id), collected: marked ? await this.prune(tx, input.id, refusal.at) : [] };
    });
    await this.dropBlobs(input.id, collected);
    if (marked) {
      const told: SyncVersionRefusedPush = {
        profileId: input.id,
        profileName: record.name,
        number: version.number,
        madeBy: version.by_name,
        madeOn: version.device_name,
        refusal,
        usingNumber: usable?.number ?? null,
      };
      // Told now to the owner's open consoles; the versions dialog shows it for good.
      await this.push.pushToAccount(record.owner_id, Code.SYNC_VERSION_REFUSED, told);
    }
    return usable ? toSyncVersion(usable, usable.number) : null;
  }

  /** An older version as the newest again: a new version with its chunks (the one it replaces is kept). */
  async restore(actor: Account, profileId: string, versionId: string): Promise<SyncVersion> {
    await this.reach(actor, profileId, 'edit');
    // A running browser would save over it at its stop (as a conflict): restore while it is closed.
    await this.leases.assertFree(profileId);
    const now = this.clock.now();
    const { row, collected } = await this.data.transaction(async (tx) => {
      const versions = tx.syncVersions;
      const source = await versions.find(profileId, versionId);
      if (!source) throw new AppError(Code.NOT_FOUND, { ids: [versionId] });
      const newest = (await versions.newest(profileId))!;
      // A refused version restored on purpose is the owner's choice: the copy starts unrefused.
      const row = { ...source, id: randomUUID(), number: newest.number + 1, created_at: now, by_name: actor.username, base_number: newest.number, conflict_with: null, restored_from: source.number, refused_at: null, refused_by: null, refused_device: null, refused_reason: null };
      await versions.insert(row);
      return { row, collected: await this.prune(tx, profileId, now) };
    });
    await this.dropBlobs(profileId, collected);
    return toSyncVersion(row, row.number);
  }

  /** The sealed bytes of these chunks of the profile, for a machine that may run it; unknown ids are refused as not found. */
  async read(actor: Account, profileId: string, ids: readonly string[]): Promise<{ id: string; bytes: Buffer }[]> {
    await this.reach(actor, profileId, 'run');
    const present = await this.data.syncChunks.present(profileId, ids);
    const unknown = ids.filter((id) => !present.has(id));
    if (unknown.length > 0) throw new AppError(Code.NOT_FOUND, { ids: unknown.slice(0, 10) });
    const out: { id: string; bytes: Buffer }[] = [];
    for (const id of ids) {
      const bytes = await this.blobs.get(chunkKey(profileId, id));
      if (!bytes) throw new AppError(Code.NOT_FOUND, { ids: [id] });
      out.push({ id, bytes });
    }
    return out;
  }

  /**
   * Profiles gone for good (the recycle bin's purge; their rows, and so their chunk rows, are
   * deleted): their stored state goes with them, by listing what the store holds under each.
   */
  async forget(profileIds: readonly string[]): Promise<void> {
    for (const profileId of profileIds) {
      const keys: string[] = [];
      for await (const entry of this.blobs.list(`sync/${profileId}/`)) keys.push(entry.key);
      await this.blobs.deleteMany(keys);
    }
  }

  private async reach(actor: Account, profileId: string, need: 'run' | 'edit'): Promise<ProfileRecord> {
    const [access] = await accessTo(this.data.profiles, actor, [profileId], need);
    return access!.record;
  }

  /**
   * Keeps the newest version and, before it, the newest ones nobody refused (10 in all), and as
   * many refused ones to show the owner; forgets the rows of chunks no kept version uses. Refused
   * versions take no place among the usable ones: saves a start then refuses push out the one
   * good version a save always does, and no more, however often they are made. Returns the
   * chunk ids to delete from the store.
   */
  private async prune(tx: Store, profileId: string, now: number): Promise<string[]> {
    const versions = tx.syncVersions;
    const list = await versions.list(profileId);
    const [newest, ...older] = list;
    const usable = older.filter((v) => v.refused_at === null).slice(0, syncLimits.keptVersions - 1);
    const refused = list.filter((v) => v.refused_at !== null).slice(0, syncLimits.keptVersions);
    const kept = [...new Set([...(newest ? [newest] : []), ...usable, ...refused])];
    const keptIds = new Set(kept.map((v) => v.id));
    await versions.remove(profileId, list.filter((v) => !keptIds.has(v.id)).map((v) => v.id));
    // Also what a save that never committed left behind (an upload cut off), once it is old enough.
    const used = new Set(kept.flatMap((v) => JSON.parse(v.chunks) as string[]));
    const chunks = tx.syncChunks;
    const unused = (await chunks.idsBefore(profileId, now - COLLECT_GRACE_MS)).filter((id) => !used.has(id));
    await chunks.remove(profileId, unused);
    return unused;
  }

  private async dropBlobs(profileId: string, ids: readonly string[]): Promise<void> {
    await this.blobs.deleteMany(ids.map((id) => chunkKey(profileId, id)));
  }
}

function toSyncVersion(row: SyncVersionRecord, headNumber: number | null): SyncVersion {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.created_at,
    device: row.device_name,
    by: row.by_name,
    parts: JSON.parse(row.parts) as SyncPart[],
    plainBytes: row.plain_bytes,
    manifestChunk: row.manifest_chunk,
    baseNumber: row.base_number,
    conflictWith: row.conflict_with,
    restoredFrom: row.restored_from,
    head: row.number === headNumber,
    refused:
      row.refused_at === null
        ? null
        : { at: row.refused_at, by: row.refused_by ?? '', device: row.refused_device ?? '', reason: (row.refused_reason ?? 'badManifest') as SyncRefusalReason },
  };
}
