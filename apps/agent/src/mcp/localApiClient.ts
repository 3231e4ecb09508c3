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

export interface LocalApiClient {
  get(path: string, query?: Record<string, string | number | boolean | undefined>): Promise<LocalApiAnswer>;
  post(path: string, body: unknown): Promise<LocalApiAnswer>;
}

export function localApiClient(baseUrl: string, key: string, password?: string): LocalApiClient {
  const headers = { authorization: `Bearer ${key}`, ...(password ? { 'x-api-password': password } : {}) };
  const read = async (response: Response): Promise<LocalApiAnswer> => {
    const body = (await response.json().catch(() => null)) as LocalApiAnswer | null;
    if (!body || typeof body.code !== 'number') return { code: -1, msg: `http_${response.status}` };
    return body;
  };
  return {
    get: async (path, query = {}) => {
      const url = new URL(path, baseUrl);
      for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
      return read(await fetch(url, { headers }));
    },
    post: async (path, body) => read(await fetch(new URL(path, baseUrl), { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })),
  };
}
