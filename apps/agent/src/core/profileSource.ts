import { ApiClient, memoryCredentialStore } from '@facet/api-client';
import type { SyncTransport } from '../sync/syncTransport.ts';
import { putChunks, readChunks } from '../sync/chunkRequests.ts';
import {
  forApiToken,
  fingerprintGenerateCall,
  profileCookiesCall,
  profileCreateCall,
  profileLaunchCall,
  profileListCall,
  profileOpenedCall,
  apiFingerprintGenerateCall,
  apiProfileCookiesCall,
  apiProfileCreateCall,
  apiProfileLaunchCall,
  apiProfileListCall,
  apiProfileOpenedCall,
  apiProfilePluginsCall,
  apiProfileLeaseReleaseCall,
  apiProfileLeaseBeatCall,
  apiProfileSyncCommitCall,
  apiProfileSyncMissingCall,
  apiProfileSyncRefuseCall,
  profileLeaseReleaseCall,
  profileLeaseBeatCall,
  profilePluginsCall,
  profileSyncCommitCall,
  profileSyncMissingCall,
  profileSyncRefuseCall,
  type LeaseBeat,
  type ProfileLease,
  type SyncVersion,
  type CallDefinition,
  type CallRequest,
  type CallResponse,
  type Cookie,
  type ListQuery,
  type OperatingSystem,
  type Profile,
  type ProfilePlugin,
  type ProfileRow,
  type ProfileSettingsInput,
  type SealedLaunch,
} from '@facet/contracts';

/**
 * Where the agent gets profiles from: the server, as the user signed in through the console (its
 * session, handed over the bridge) or as the account whose API token it holds (FACET_API_TOKEN).
 * Every answer is that account's own or shared with it; the server decides.
 */
export interface ProfileSource {
  /**
   * What a start needs: the profile without secrets, its secrets sealed to `deviceKey`, the grant
   * to save its cookies, this machine's lease on it and the newest version of its state.
   */
  launch(id: string, deviceKey: string, deviceName: string): Promise<{ profile: Profile; sealed: SealedLaunch; grant: string; lease: ProfileLease; syncHead: SyncVersion | null }>;
  /** The running machine's heartbeat for these profiles: each still held, ended (access gone) or lost to another machine. */
  beatLeases(ids: string[], deviceKey: string): Promise<LeaseBeat[]>;
  releaseLease(id: string, deviceKey: string): Promise<void>;
  /** The profile's stored state as this machine (by its device key) reaches it. */
  syncTransport(deviceKey: string): SyncTransport;
  /** Records a successful start: the profile's last-used time. */
  opened(id: string): Promise<void>;
  list(query: Partial<ListQuery>): Promise<{ list: ProfileRow[]; total: number }>;
  suggest(os: OperatingSystem): Promise<Pick<Profile, 'userAgent' | 'resolution' | 'kernelVersion' | 'fingerprint'>>;
  create(settings: ProfileSettingsInput): Promise<Profile>;
  saveCookies(id: string, cookies: Cookie[], grant: string): Promise<void>;
  /** Exactly the plugin versions the profile loads at this start (none for a shared profile). */
  plugins(id: string): Promise<ProfilePlugin[]>;
  /** A plugin version's zip as the server serves it, at most `plugin.size` bytes read. */
  downloadPlugin(plugin: ProfilePlugin): Promise<Buffer>;
  /**
   * Any console call, made as this account: the session's /v2/web/ call, or its /v2/api/ twin
   * with the token (the local API's profile, group, share and plugin paths). The server decides
   * what the account may do, exactly as for the console.
   */
  call<C extends CallDefinition>(call: C, input: CallRequest<C>): Promise<CallResponse<C>>;
}

const webCalls = {
  launch: profileLaunchCall,
  opened: profileOpenedCall,
  list: profileListCall,
  suggest: fingerprintGenerateCall,
  create: profileCreateCall,
  cookies: profileCookiesCall,
  plugins: profilePluginsCall,
  beat: profileLeaseBeatCall,
  release: profileLeaseReleaseCall,
  missing: profileSyncMissingCall,
  commit: profileSyncCommitCall,
  refuse: profileSyncRefuseCall,
};
const tokenCalls: typeof webCalls = {
  launch: apiProfileLaunchCall,
  opened: apiProfileOpenedCall,
  list: apiProfileListCall,
  suggest: apiFingerprintGenerateCall,
  create: apiProfileCreateCall,
  cookies: apiProfileCookiesCall,
  plugins: apiProfilePluginsCall,
  beat: apiProfileLeaseBeatCall,
  release: apiProfileLeaseReleaseCall,
  missing: apiProfileSyncMissingCall,
  commit: apiProfileSyncCommitCall,
  refuse: apiProfileSyncRefuseCall,
};

/** The blob route takes the same bearer as the calls: the session's token or the API token. */
async function downloadWith(serverUrl: string, bearer: string, plugin: ProfilePlugin): Promise<Buffer> {
  const url = new URL(plugin.url, serverUrl);
  if (url.origin !== new URL(serverUrl).origin) throw new Error(`plugin download leaves the server: ${url.origin}`);
  const response = await fetch(url, { headers: { authorization: `Bearer ${bearer}` }, signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new Error(`plugin download answered HTTP ${response.status}`);
  // Read no further than the size the server pinned (one byte over proves a lie), however long the stream.
  const chunks: Buffer[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    received += read.value.length;
    chunks.push(Buffer.from(read.value));
    if (received > plugin.size) {
      await reader.cancel();
      break;
    }
  }
  return Buffer.concat(chunks);
}

function sourceOver(client: ApiClient, calls: typeof webCalls, serverUrl: string, bearer: string): ProfileSource {
  const asToken = calls === tokenCalls;
  return {
    call: <C extends CallDefinition>(call: C, input: CallRequest<C>) => client.call(asToken ? forApiToken(call) : call, input) as Promise<CallResponse<C>>,
    launch: (id, deviceKey, deviceName) => client.call(calls.launch, { id, deviceKey, deviceName }),
    beatLeases: async (ids, deviceKey) => (await client.call(calls.beat, { ids, deviceKey })).leases,
    releaseLease: async (id, deviceKey) => {
      await client.call(calls.release, { id, deviceKey });
    },
    syncTransport: (deviceKey) => ({
      missing: async (id, chunks) => (await client.call(calls.missing, { id, deviceKey, chunks })).missing,
      commit: (id, input) => client.call(calls.commit, { id, deviceKey, ...input }),
      put: (id, chunks) => putChunks(serverUrl, bearer, deviceKey, id, chunks),
      read: (id, ids) => readChunks(serverUrl, bearer, id, ids),
      refuse: async (id, versionId, reason) => (await client.call(calls.refuse, { id, deviceKey, versionId, reason })).head,
    }),
    opened: async (id) => {
      await client.call(calls.opened, { id });
    },
    list: (query) => client.call(calls.list, query),
    suggest: async (os) => (await client.call(calls.suggest, { os })).suggestion,
    create: async (settings) => (await client.call(calls.create, { settings })).profile,
    saveCookies: async (id, cookies, grant) => {
      await client.call(calls.cookies, { id, cookies, grant });
    },
    plugins: async (id) => (await client.call(calls.plugins, { profileId: id })).list,
    downloadPlugin: (plugin) => downloadWith(serverUrl, bearer, plugin),
  };
}

export function apiTokenProfileSource(serverUrl: string, apiToken: string): ProfileSource {
  // API-token calls are not signed; the client only needs where and which token.
  return sourceOver(new ApiClient({ baseUrl: serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken }), tokenCalls, serverUrl, apiToken);
}

/** As the console's signed-in user: the same signed /v2/web/ calls the console makes. */
export function sessionProfileSource(serverUrl: string, signKey: string, auth: string): ProfileSource {
  const client = new ApiClient({
    baseUrl: serverUrl,
    signKey,
    // No refresh credential: when the session ends, the console re-logs in and hands over the new one.
    credentials: memoryCredentialStore({ auth, refresh: '', expiresAt: 0, refreshExpiresAt: 0 }),
    getLanguage: () => 0,
  });
  return sourceOver(client, webCalls, serverUrl, auth);
}
