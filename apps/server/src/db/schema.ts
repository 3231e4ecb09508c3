import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Portable across SQLite and PostgreSQL: times are integer
 * milliseconds since the epoch, flags are 0/1 integers, JSON is text.
 */
export interface Database {
  accounts: AccountsTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  captchas: CaptchasTable;
  api_tokens: ApiTokensTable;
  profile_groups: ProfileGroupsTable;
  profiles: ProfilesTable;
  profile_shares: ProfileSharesTable;
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

export interface VerificationCodesTable {
  id: string;
  purpose: 'register' | 'reset';
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
  /** Encrypted JSON: proxy username and password, cookies. */
  secrets: string;
  created_at: number;
  updated_at: number;
  last_used_at: number | null;
  /** Set while the profile is in the recycle bin. */
  deleted_at: number | null;
  purge_at: number | null;
}

export interface ProfileSharesTable {
  profile_id: string;
  account_id: string;
  shared_by: string;
  created_at: number;
}

export type Row<T> = { [K in keyof T]: T[K] extends Generated<infer U> ? U : T[K] };
