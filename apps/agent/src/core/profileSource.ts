import { ApiClient, memoryCredentialStore } from '@facet/api-client';
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
  profilePluginsCall,
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
  /** What a start needs: the profile without secrets, its secrets sealed to `deviceKey`, and the grant to save its cookies. */
  launch(id: string, deviceKey: string): Promise<{ profile: Profile; sealed: SealedLaunch; grant: string }>;
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

const webCalls = { launch: profileLaunchCall, opened: profileOpenedCall, list: profileListCall, suggest: fingerprintGenerateCall, create: profileCreateCall, cookies: profileCookiesCall, plugins: profilePluginsCall };
const tokenCalls: typeof webCalls = {
  launch: apiProfileLaunchCall,
  opened: apiProfileOpenedCall,
  list: apiProfileListCall,
  suggest: apiFingerprintGenerateCall,
  create: apiProfileCreateCall,
  cookies: apiProfileCookiesCall,
  plugins: apiProfilePluginsCall,
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

function sourceOver(client: ApiClient, calls: typeof webCalls, download: (plugin: ProfilePlugin) => Promise<Buffer>): ProfileSource {
  const asToken = calls === tokenCalls;
  return {
    call: <C extends CallDefinition>(call: C, input: CallRequest<C>) => client.call(asToken ? forApiToken(call) : call, input) as Promise<CallResponse<C>>,
    launch: (id, deviceKey) => client.call(calls.launch, { id, deviceKey }),
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
    downloadPlugin: download,
  };
}

export function apiTokenProfileSource(serverUrl: string, apiToken: string): ProfileSource {
  // API-token calls are not signed; the client only needs where and which token.
  return sourceOver(new ApiClient({ baseUrl: serverUrl, signKey: '', credentials: memoryCredentialStore(null), getLanguage: () => 0, apiToken }), tokenCalls, (plugin) =>
    downloadWith(serverUrl, apiToken, plugin),
  );
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
  return sourceOver(client, webCalls, (plugin) => downloadWith(serverUrl, auth, plugin));
}
