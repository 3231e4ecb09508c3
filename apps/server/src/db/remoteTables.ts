/** The tables of hosts and of the profiles they run for remote use (migration 0026), as Kysely sees them. */

/** A team's machine that runs profiles for remote use (migration 0026). */
export interface HostsTable {
  id: string;
  /** The team's main account. */
  team_id: string;
  name: string;
  /** SHA-256 of the host token (`fht_…`). */
  token_hash: string;
  /** The host's X25519 device key: launches for remote use are sealed to it. */
  device_key: string;
  created_at: number;
  last_seen_at: number | null;
  /** JSON of its last load report (contracts: hostLoadSchema). */
  load: string | null;
}

/** A one-time code for a new host of a team, kept as its SHA-256. */
export interface HostCodesTable {
  code_hash: string;
  team_id: string;
  name: string | null;
  expires_at: number;
}

/** One profile run on a host for one person (migration 0026). */
export interface RemoteRunsTable {
  id: string;
  profile_id: string;
  host_id: string;
  /** Who opened it: the lease's holder, whom the run token acts for. */
  account_id: string;
  run_token_hash: string;
  state: 'starting' | 'running' | 'failed' | 'stopped';
  failure: string | null;
  width: number | null;
  height: number | null;
  started_at: number;
  ended_at: number | null;
}
