/**
 * The MCP server's way to the agent: the local automation API over loopback HTTP, with its key
 * (and the settings' password when one is set), as any script reaches it. The MCP server holds
 * no profile logic of its own, so it can do nothing the local API would refuse.
 */
export interface LocalApiAnswer {
  code: number;
  msg: string;
  data?: unknown;
}

export interface LocalApiCredentials {
  key: string;
  /** The settings' password (header X-Api-Password), when one is set. */
  password?: string;
}

export interface LocalApiClient {
  /** A GET takes `input` as its query (arrays joined by commas, as AdsPower's clients send them); a POST as its JSON body. */
  call(method: 'GET' | 'POST', path: string, input?: unknown): Promise<LocalApiAnswer>;
}

export function localApiClient(baseUrl: string, credentials: LocalApiCredentials): LocalApiClient {
  const headers = { authorization: `Bearer ${credentials.key}`, ...(credentials.password ? { 'x-api-password': credentials.password } : {}) };
  const read = async (response: Response): Promise<LocalApiAnswer> => {
    const body = (await response.json().catch(() => null)) as LocalApiAnswer | null;
    if (!body || typeof body.code !== 'number') return { code: -1, msg: `http_${response.status}` };
    return body;
  };
  return {
    call: async (method, path, input = {}) => {
      const url = new URL(path, baseUrl);
      if (method === 'GET') {
        for (const [name, value] of Object.entries(input as Record<string, unknown>)) {
          if (value !== undefined) url.searchParams.set(name, Array.isArray(value) ? value.join(',') : String(value));
        }
        return read(await fetch(url, { headers }));
      }
      return read(await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(input) }));
    },
  };
}
