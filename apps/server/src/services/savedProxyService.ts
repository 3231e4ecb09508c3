import { Code, parseProxyLines, type Proxy, type SavedProxy } from '@facet/contracts';
import type { Clock } from '../clock.ts';
import { AppError } from '../errors.ts';
import type { Account } from '../repositories/accounts.ts';
import type { Store } from '../repositories/store.ts';
import { type ProfilesRepository, type ProfileRecord } from '../repositories/profiles.ts';
import { type SavedProxyRecord } from '../repositories/savedProxies.ts';
import type { SealBinding } from '../security/sealedValue.ts';
import { newId } from '../security/tokens.ts';
import type { PlanAllowance } from './planAllowance.ts';
import { columnsToSettings, settingsToColumns } from '../codecs/profileCodec.ts';
import { assertAllOwned } from './profileService.ts';
import type { SecretBox } from '../crypto/secretBox.ts';
import { readableProxyHost } from '../codecs/storedFieldRules.ts';

/** Proxies one account may keep in its list. */
const MAX_SAVED_PROXIES = 1000;

interface Secrets {
  username: string;
  password: string;
}

/** What unreadable secrets (copied from another row) read as: no proxy account. */
const NO_SECRETS = JSON.stringify({ username: '', password: '' } satisfies Secrets);

function binding(ownerId: string, id: string): SealBinding {
  return { accountId: ownerId, table: 'saved_proxies', rowId: id, field: 'secrets' };
}

/**
 * The saved proxy list: added by paste, tested from the desktop client (which reports what it
 * saw), assigned to profiles. A profile launches from its own copy; the link lets a change to the
 * saved proxy reach every profile that uses it, in the same transaction.
 */
export class SavedProxyService {
  constructor(
    private readonly store: Store,
    private readonly secrets: SecretBox,
    private readonly allowance: PlanAllowance,
    private readonly clock: Clock,
  ) {}

  async list(actor: Account, page: number, limit: number, search: string, ids?: readonly string[]): Promise<{ list: SavedProxy[]; total: number }> {
    const { rows, total } = await this.store.savedProxies.page(actor.id, page, limit, search, ids);
    await this.secrets.ready([actor.id]);
    return { list: rows.map((r) => this.view(r, r.profile_count)), total };
  }

  async add(actor: Account, lines: string, proxyType: 'http' | 'https' | 'socks5', remark: string): Promise<string[]> {
    const parsed = parseProxyLines(lines, proxyType);
    if (parsed.error) throw new AppError(Code.PROXY_LINE_INVALID, parsed.error);
    return this.create(actor, parsed.proxies.map((proxy) => ({ proxy, remark })));
  }

  /** Proxies given field by field, each with its remark, all or none; their ids in the order given. */
  async create(actor: Account, items: readonly { proxy: Proxy; remark: string }[]): Promise<string[]> {
    const now = this.clock.now();
    await this.secrets.ready([actor.id]);
    return this.store.transaction(async (tx) => {
      const repo = tx.savedProxies;
      if ((await repo.count(actor.id)) + items.length > MAX_SAVED_PROXIES) throw new AppError(Code.PROXY_LIMIT_REACHED, { limit: MAX_SAVED_PROXIES });
      const rows = items.map(({ proxy, remark }) => {
        const id = newId('prx');
        return { id, owner_id: actor.id, ...this.columns(proxy, actor.id, id), remark, exit_ip: null, exit_country: null, latency_ms: null, check_error: null, checked_at: null, created_at: now };
      });
      await repo.insertMany(rows);
      return rows.map((r) => r.id);
    });
  }

  async detail(actor: Account, id: string): Promise<{ proxy: Proxy; remark: string }> {
    const record = await this.find(this.store, actor, id);
    await this.secrets.ready([actor.id]);
    return { proxy: this.proxyOf(record), remark: record.remark };
  }

  /** The saved proxy and every profile that uses it, in one transaction. */
  async update(actor: Account, id: string, proxy: Proxy, remark: string): Promise<number> {
    await this.secrets.ready([actor.id]);
    return this.store.transaction(async (tx) => {
      await this.find(tx, actor, id);
      // A changed address is untested again.
      await tx.savedProxies.update(actor.id, id, { ...this.columns(proxy, actor.id, id), remark, exit_ip: null, exit_country: null, latency_ms: null, check_error: null, checked_at: null });
      const profiles = tx.profiles;
      const using = await profiles.usingSavedProxy(actor.id, id);
      for (const record of using) await this.giveProxy(profiles, record, proxy, id);
      return using.length;
    });
  }

  async delete(actor: Account, ids: string[]): Promise<number> {
    return this.store.transaction(async (tx) => {
      const repo = tx.savedProxies;
      const found = await repo.findOwned(actor.id, ids);
      if (found.length !== new Set(ids).size) throw new AppError(Code.NOT_FOUND, { ids: ids.filter((id) => !found.some((f) => f.id === id)) });
      return repo.delete(actor.id, ids);
    });
  }

  async assign(actor: Account, id: string, profileIds: string[]): Promise<number> {
    await this.allowance.assertActive(actor);
    await this.secrets.ready([actor.id]);
    return this.store.transaction(async (tx) => {
      const proxy = this.proxyOf(await this.find(tx, actor, id));
      const profiles = tx.profiles;
      const records = await assertAllOwned(profiles, actor, profileIds);
      for (const record of records) await this.giveProxy(profiles, record, proxy, id);
      return records.length;
    });
  }

  async checked(actor: Account, id: string, result: { exitIp: string | null; exitCountry: string | null; latencyMs: number | null; error: string | null }): Promise<number> {
    const now = this.clock.now();
    const changed = await this.store.savedProxies.update(actor.id, id, { exit_ip: result.exitIp, exit_country: result.exitCountry, latency_ms: result.latencyMs, check_error: result.error, checked_at: now });
    if (changed === 0) throw new AppError(Code.NOT_FOUND, { id });
    return now;
  }

  private async giveProxy(profiles: ProfilesRepository, record: ProfileRecord, proxy: Proxy, savedId: string): Promise<void> {
    const settings = columnsToSettings(record, this.secrets);
    const columns = settingsToColumns({ ...settings, proxy: { ...proxy, country: proxy.country, direct: false } }, this.secrets, { ownerId: record.owner_id, id: record.id });
    await profiles.setProxy(
      record.owner_id,
      [record.id],
      {
        proxy_type: columns.proxy_type,
        proxy_host: columns.proxy_host,
        proxy_port: columns.proxy_port,
        proxy_country: columns.proxy_country,
        proxy_direct: columns.proxy_direct,
        proxy_has_credentials: columns.proxy_has_credentials,
        secrets: columns.secrets,
        settings: columns.settings,
        saved_proxy_id: savedId,
      },
      this.clock.now(),
    );
  }

  private async find(store: Store, actor: Account, id: string): Promise<SavedProxyRecord> {
    const [record] = await store.savedProxies.findOwned(actor.id, [id]);
    if (!record) throw new AppError(Code.NOT_FOUND, { id });
    return record;
  }

  /** The row's columns for `proxy`, its secrets sealed for the row `id` of `ownerId` (key ready). */
  private columns(proxy: Proxy, ownerId: string, id: string) {
    const secrets: Secrets = { username: proxy.username, password: proxy.password };
    return { type: proxy.type, host: proxy.host, port: proxy.port, country: proxy.country, secrets: this.secrets.seal(binding(ownerId, id), JSON.stringify(secrets)), has_credentials: proxy.username || proxy.password ? 1 : 0 };
  }

  private secretsOf(record: SavedProxyRecord): Secrets {
    return JSON.parse(this.secrets.openOr(binding(record.owner_id, record.id), record.secrets, NO_SECRETS)) as Secrets;
  }

  private proxyOf(record: SavedProxyRecord): Proxy {
    const secrets = this.secretsOf(record);
    // A host stored before the host rule that the rule refuses reads as one that never resolves (storedFieldRules.ts).
    return { type: record.type as Proxy['type'], host: readableProxyHost(record.type, record.host), port: record.port, username: secrets.username, password: secrets.password, country: record.country, direct: false };
  }

  private view(record: SavedProxyRecord, profileCount: number): SavedProxy {
    const { username } = this.secretsOf(record);
    return {
      id: record.id,
      type: record.type as SavedProxy['type'],
      host: record.host,
      port: record.port,
      username,
      hasCredentials: record.has_credentials === 1,
      country: record.country,
      remark: record.remark,
      check: record.checked_at === null ? null : { exitIp: record.exit_ip, exitCountry: record.exit_country, latencyMs: record.latency_ms, error: record.check_error, checkedAt: Number(record.checked_at) },
      profileCount,
      createdAt: Number(record.created_at),
    };
  }
}
