import type { Generated } from 'kysely';
import type { HostCodesTable, HostsTable, RemoteRunsTable } from './remoteTables.ts';

export type { HostCodesTable, HostsTable, RemoteRunsTable };

/**
 * Tables as Kysely sees them. Portable across SQLite and PostgreSQL: times are integer
 * milliseconds since the epoch, flags are 0/1 integers, JSON is text.
 */
export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  spent_refresh_credentials: SpentRefreshCredentialsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  api_tokens: ApiTokensTable;
  account_data_keys: AccountDataKeysTable;
  profile_groups: ProfileGroupsTable;
  profiles: ProfilesTable;
  profile_shares: ProfileSharesTable;
  group_grants: GroupGrantsTable;
  tags: TagsTable;
  saved_proxies: SavedProxiesTable;
  profile_tags: ProfileTagsTable;
  plans: PlansTable;
  orders: OrdersTable;
  operation_logs: OperationLogsTable;
  feedback: FeedbackTable;
  graphics_reports: GraphicsReportsTable;
  referral_rewards: ReferralRewardsTable;
  plugins: PluginsTable;
  plugin_versions: PluginVersionsTable;
  account_plugins: AccountPluginsTable;
  group_plugins: GroupPluginsTable;
  profile_plugins: ProfilePluginsTable;
  seen_signatures: SeenSignaturesTable;
  rate_counters: RateCountersTable;
  idempotency_keys: IdempotencyKeysTable;
  profile_leases: ProfileLeasesTable;
  profile_sync_chunks: ProfileSyncChunksTable;
  profile_sync_versions: ProfileSyncVersionsTable;
  storage_reservations: StorageReservationsTable;
  pending_pushes: PendingPushesTable;
  hosts: HostsTable;
  host_codes: HostCodesTable;
  remote_runs: RemoteRunsTable;
}

export interface AccountsTable {
  id: string;
  /** Lower-cased; null for sub-accounts without one. */
  email: string | null;
  phone: string | null;
  /** As typed, for display. */
  username: string;
  /** Lower-cased username: the unique login key. */
  username_key: string;
  password_hash: string;
  type: 'main' | 'sub';
  parent_id: string | null;
  invitation_code: string;
  invited_by: string | null;
  status: 'active' | 'disabled';
  email_verified_at: number | null;
  plan_expires_at: number | null;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** Last serial number given to one of the account's profiles. */
  profile_serial: Generated<number>;
  /** How many live (not recycled) profiles the account owns, kept in step by every change. */
  live_profiles: Generated<number>;
  /** Sub-accounts: the main account's name for it; '' for main accounts. */
  nickname: Generated<string>;
  /** Sub-accounts: the platform account (a shop, an ad account) it works on, free text. */
  platform_account: Generated<string>;
  /** The plan bought last (main accounts); null: never bought one. */
  plan_id: Generated<string | null>;
  /** Limits paid for, copied from the plan at payment; -1 unlimited. */
  plan_profiles: Generated<number | null>;
  plan_sub_accounts: Generated<number | null>;
  /** Megabytes of blob storage paid for; null (before 0018, or never bought) unlimited. */
  plan_storage_mb: Generated<number | null>;
  trial_granted_at: Generated<number | null>;
  /** JSON of the account's global settings (contracts accountSettingsSchema). */
  settings: Generated<string>;
}

export interface SessionsTable {
  id: string;
  account_id: string;
  /** SHA-256 of the session token; the token itself is never stored. */
  token_hash: string;
  refresh_hash: string;
  expires_at: number;
  refresh_expires_at: number;
  keep: number;
  created_at: number;
  last_seen_at: number;
  ip: string;
  user_agent: string;
  client_info: string;
}

/** A refresh credential exchanged for a new one (sessionService.refresh: reuse ends the session). */
export interface SpentRefreshCredentialsTable {
  refresh_hash: string;
  session_id: string;
  spent_at: number;
}

export interface VerificationCodesTable {
  id: string;
  /** bind codes are stored under `<account id>|<address>`: a code serves only who asked for it. */
  purpose: 'register' | 'reset' | 'bind';
  address: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
  consumed_at: number | null;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
}

export interface ApiTokensTable {
  id: string;
  account_id: string;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  /** The token sealed with the account's data key (crypto/secretBox.ts), for "view"; null for older tokens. */
  token_sealed: string | null;
}

/** An account's data key, wrapped by the master key (crypto/accountKeyring.ts). */
export interface AccountDataKeysTable {
  account_id: string;
  version: number;
  /** AES-256-GCM of the key under the master key, the account id and version as associated data. */
  wrapped: string;
  /** Which master key wrapped it (security/masterKey.ts: MasterKey.id). */
  master_key_id: string;
  created_at: number;
}

export interface ProfileGroupsTable {
  id: string;
  owner_id: string;
  name: string;
  icon: number;
  sort: number;
  created_at: number;
}

export interface ProfilesTable {
  id: string;
  owner_id: string;
  serial: number;
  group_id: string | null;
  name: string;
  remark: string;
  os: string;
  icon_id: number;
  proxy_type: string;
  proxy_host: string;
  proxy_port: number;
  proxy_country: string;
  proxy_direct: number;
  proxy_has_credentials: number;
  /** JSON of the settings that are not columns and not secret. */
  settings: string;
  /** Sealed JSON (crypto/secretBox.ts, bound to owner, row and field): proxy username and password, cookies. */
  secrets: string;
  /** The state sync key, sealed like `secrets` ('' until the first start). */
  sync_key: Generated<string>;
  created_at: number;
  updated_at: number;
  last_used_at: number | null;
  /** Set while the profile is in the recycle bin. */
  deleted_at: number | null;
  purge_at: number | null;
  /** The saved proxy its proxy came from (changing that one changes this one); null: its own. */
  saved_proxy_id: string | null;
}

export interface ProfileSharesTable {
  profile_id: string;
  account_id: string;
  shared_by: string;
  created_at: number;
  /** run | edit | full (contracts: sharePermissions). */
  permission: Generated<string>;
}

/** A proxy of an account's saved list, with what its last test from a desktop client saw. */
export interface SavedProxiesTable {
  id: string;
  owner_id: string;
  type: string;
  host: string;
  port: number;
  country: string;
  secrets: string;
  has_credentials: number;
  remark: string;
  exit_ip: string | null;
  exit_country: string | null;
  latency_ms: number | null;
  check_error: string | null;
  checked_at: number | null;
  created_at: number;
}

/** An account's coloured label; `name_key` is the name in lower case (unique per account). */
export interface TagsTable {
  id: string;
  owner_id: string;
  name: string;
  name_key: string;
  color: string;
  created_at: number;
}

export interface ProfileTagsTable {
  profile_id: string;
  tag_id: string;
}

/** A main account's group that one of its sub-accounts may reach, with a permission. */
export interface GroupGrantsTable {
  group_id: string;
  account_id: string;
  permission: string;
  granted_by: string;
  created_at: number;
}

export interface PlansTable {
  id: string;
  name: string;
  /** Smallest currency unit (cents). */
  monthly_price: number;
  currency: string;
  /** -1 unlimited. */
  profiles: number;
  sub_accounts: number;
  /** Megabytes (1,048,576 bytes) of blob storage per team; -1 unlimited. */
  storage_mb: Generated<number>;
  description: string;
  sort: number;
  /** Retired plans are not offered; accounts that bought one keep it until it ends. */
  retired_at: number | null;
  created_at: number;
}

export interface OrdersTable {
  id: string;
  account_id: string;
  plan_id: string;
  /** purchase: first plan; renew: same plan, time added; change: another plan from payment on. */
  kind: 'purchase' | 'renew' | 'change';
  months: number;
  amount: number;
  currency: string;
  /** pending until a provider or an operator settles it once: paid or failed. */
  status: 'pending' | 'paid' | 'failed';
  method: string | null;
  /** The provider's id for it (a Stripe checkout session), once one exists. */
  provider_ref: string | null;
  failure: string | null;
  created_at: number;
  /** After this the order's QR code is no longer offered; a payment that still arrives counts. */
  expires_at: number;
  settled_at: number | null;
  /** Paid in a coin: its id (contracts' coinCatalogue) and the exact amount asked, as text. */
  coin_id: Generated<string | null>;
  coin_amount: Generated<string | null>;
}

export interface OperationLogsTable {
  id: string;
  team_id: string;
  account_id: string;
  account_name: string;
  machine: string;
  action: string;
  /** The names involved, as shown. */
  subject: string;
  /** Lower-cased subject and machine: what the keyword search looks in. */
  subject_key: string;
  /** JSON of the message's parameters. */
  details: string;
  created_at: number;
}

export interface FeedbackTable {
  id: string;
  account_id: string;
  score: number;
  content: string;
  /** JSON of the contacts given (mobile, wechat, skype); blank ones are not kept. */
  contacts: string;
  created_at: number;
}

export interface ReferralRewardsTable {
  id: string;
  inviter_id: string;
  invitee_id: string;
  /** The invitee's first paid order, which earned it. */
  order_id: string;
  days: number;
  /** When the days went onto the inviter's plan; null while it has none. */
  applied_at: number | null;
  created_at: number;
}

export interface PluginsTable {
  id: string;
  /** The team's main account. */
  owner_id: string;
  name: string;
  introduction: string;
  publisher: string;
  /** Base64 of the re-encoded PNG icon. */
  icon_png: string;
  /** Set while the owner has it disabled everywhere: no profile loads it. */
  disabled_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface PluginVersionsTable {
  id: string;
  plugin_id: string;
  /** From the manifest. */
  version: string;
  /** Hex SHA-256 of the zip; its bytes are the blob of that name. */
  sha256: string;
  size: number;
  created_at: number;
}

/** An account's own switch: enabled, every profile it owns loads `version_id`. */
export interface AccountPluginsTable {
  account_id: string;
  plugin_id: string;
  version_id: string;
  enabled: number;
  updated_at: number;
}

export interface GroupPluginsTable {
  group_id: string;
  plugin_id: string;
  version_id: string;
  assigned_by: string;
  created_at: number;
}

export interface ProfilePluginsTable {
  profile_id: string;
  plugin_id: string;
  version_id: string;
  assigned_by: string;
  created_at: number;
}

export type Row<T> = { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] };

/** The newest webgl/set_data report of an account's computer. */
export interface GraphicsReportsTable {
  account_id: string;
  screen_resolution: string;
  device_pixel_ratio: number;
  user_agent: string;
  webgl: string | null;
  reported_at: number;
}

/** Signatures the replay guard accepted, until the timestamp window has surely passed. */
export interface SeenSignaturesTable {
  signature: string;
  expires_at: number;
}

/** A rate limiter window or a login throttle tally (guards/counterStore.ts). */
export interface RateCountersTable {
  /** SHA-256 hex of what is counted, never the address or login itself. */
  key: string;
  hits: number;
  started_at: number;
  last_at: number;
  expires_at: number;
}

/** The answer of a request sent with an Idempotency-Key, per account (guards/idempotency.ts). */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  fingerprint: string;
  claimed_at: number;
  expires_at: number;
  /** HTTP status of the kept answer; null while the request is being worked on. */
  status: number | null;
  /** The answer's envelope, sealed; null while the request is being worked on. */
  answer: string | null;
}

/** The machine that may run a profile now (migration 0019). */
export interface ProfileLeasesTable {
  profile_id: string;
  /** SHA-256 (hex, first 32) of the agent's device key. */
  device_id: string;
  device_name: string;
  holder_id: string;
  started_at: number;
  expires_at: number;
  /** When the holder lost the right to run it (migration 0024): not renewed since, kept for the last save. */
  ends_at: number | null;
}

export interface ProfileSyncChunksTable {
  profile_id: string;
  chunk_id: string;
  /** Stored (sealed) bytes. */
  size: number;
  created_at: number;
}

export interface ProfileSyncVersionsTable {
  id: string;
  profile_id: string;
  number: number;
  created_at: number;
  device_name: string;
  by_name: string;
  /** JSON array of the parts (contracts syncParts). */
  parts: string;
  plain_bytes: number;
  manifest_chunk: string;
  /** JSON array of every chunk id the version uses. */
  chunks: string;
  base_number: number | null;
  conflict_with: number | null;
  restored_from: number | null;
  /** Set when a computer refused the version (migration 0023): starts pass it over. */
  refused_at: number | null;
  /** Who was signed in on the computer that refused it, and that computer's name. */
  refused_by: string | null;
  refused_device: string | null;
  /** contracts syncRefusalReasons. */
  refused_reason: string | null;
}

/** Room granted to an upload still being written to the blob store (services/storageQuota.ts). */
export interface StorageReservationsTable {
  id: string;
  /** The main account whose plan's storage it comes from. */
  team_id: string;
  bytes: number;
  expires_at: number;
}

/** Pushes an operator command caused, waiting for a server instance to deliver them (migration 0025). */
export interface PendingPushesTable {
  id: string;
  account_id: string;
  kind: 'account' | 'logout';
  code: number;
  /** JSON, or null for a push without data. */
  data: string | null;
  created_at: number;
}
