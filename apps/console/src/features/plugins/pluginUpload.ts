import { ApiError, NETWORK_FAILURE } from '@facet/api-client';
import { Code, PLUGIN_UPLOAD_PATH, SESSION_MODE_HEADER, memberCall, sessionModes, pluginUploadResponseSchema, type Envelope, type PluginUploadResponse } from '@facet/contracts';
import type { Runtime } from '../../lib/runtime.ts';

/** What the upload dialog sends: text for a new plugin, `pluginId` for a new version of one. */
interface PluginUploadInput {
  pluginId?: string;
  name?: string;
  introduction?: string;
  publisher?: string;
  icon?: File;
  pkg: File;
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  /** Wire language code (0–9) for the server's message. */
  lang: number;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * The multipart body. The package goes before the icon on purpose: the server answers a refused
 * part as soon as it has judged it and closes the connection, and a browser that is still
 * sending megabytes may then report a dropped connection instead of the answer. After the
 * package only the icon (≤ 1 MB) is left to send, so the answer is nearly always read.
 */
export function uploadForm(input: PluginUploadInput): FormData {
  const body = new FormData();
  for (const field of ['pluginId', 'name', 'introduction', 'publisher'] as const) {
    const value = input[field];
    if (value !== undefined) body.append(field, value);
  }
  body.append('package', input.pkg, input.pkg.name);
  if (input.icon) body.append('icon', input.icon, input.icon.name);
  return body;
}

/** The answer's text as the `{ code, msg, data }` envelope, or null when it is not one. */
export function parseEnvelope(textBody: string): Envelope<unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textBody);
  } catch {
    // Not JSON (a proxy's error page): the caller reports the HTTP status instead.
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { code, msg } = parsed as { code?: unknown; msg?: unknown };
  return typeof code === 'number' && typeof msg === 'string' ? (parsed as Envelope<unknown>) : null;
}

/** Whole percent of the bytes sent, 0 while nothing is known; 100 only when all went out. */
export function percentSent({ loaded, total }: UploadProgress): number {
  if (total <= 0) return 0;
  const percent = Math.floor((loaded / total) * 100);
  return Math.min(100, Math.max(0, percent));
}

/**
 * One POST with XMLHttpRequest: unlike fetch, it reports how much of the body went out, which a
 * 20 MB package needs. Resolves with the envelope whatever its code; rejects with an ApiError
 * for no answer (NETWORK_FAILURE) or an answer that is no envelope, and with the abort error
 * when `signal` fires.
 */
function post(url: string, token: string, body: FormData, { onProgress, signal }: Omit<UploadOptions, 'lang'>): Promise<Envelope<unknown>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', url);
    request.responseType = 'text';
    // No token in the browser version: its session is an HttpOnly cookie the request carries.
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    else request.setRequestHeader(SESSION_MODE_HEADER, sessionModes.cookie);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      signal?.removeEventListener('abort', abort);
      const envelope = parseEnvelope(request.responseText);
      if (envelope) resolve(envelope);
      else reject(new ApiError(Code.SERVER_ERROR, `HTTP ${request.status} without an envelope`));
    };
    request.onerror = () => {
      signal?.removeEventListener('abort', abort);
      reject(new ApiError(NETWORK_FAILURE, 'network failure'));
    };
    request.onabort = () => {
      signal?.removeEventListener('abort', abort);
      reject(new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', abort);
    request.send(body);
  });
}

type UploadRuntime = Pick<Runtime, 'api' | 'config' | 'credentials' | 'events'>;

/**
 * Uploads a plugin or a new version (docs/api.md "Plugins": multipart with the session token as
 * a bearer, not a signed call). Answers the stored plugin and version, or throws an ApiError
 * whose `data` carries the inspector's detail.
 *
 * 886 and 887: the upload is not a call of the typed client, so the client's silent re-login
 * (spec §4) never sees it. A signed call does: it renews the session once (or, when it cannot,
 * sends the person to the login page), and the upload is sent again with the new token.
 */
export async function uploadPlugin(runtime: UploadRuntime, input: PluginUploadInput, options: UploadOptions): Promise<PluginUploadResponse> {
  const url = `${runtime.config.apiHost}${PLUGIN_UPLOAD_PATH}?lang=${options.lang}`;
  for (let attempt = 1; ; attempt++) {
    const grant = runtime.credentials.load();
    const token = grant?.auth ?? '';
    let answer: Envelope<unknown>;
    try {
      answer = await post(url, token, uploadForm(input), options);
    } catch (error) {
      if (error instanceof ApiError && error.code === NETWORK_FAILURE) runtime.events.emit('networkFailure', error);
      throw error;
    }
    if (answer.code === Code.OK) {
      const parsed = pluginUploadResponseSchema.safeParse(answer.data);
      if (!parsed.success) throw new ApiError(Code.SERVER_ERROR, 'answer does not match the contract', parsed.error.issues);
      return parsed.data;
    }
    const sessionGone = answer.code === Code.SESSION_EXPIRED || answer.code === Code.FORCED_LOGOUT;
    if (sessionGone && attempt === 1) {
      await runtime.api.call(memberCall, {}, { signal: options.signal });
      // Renewed: a new token, or (a cookie session) a new expiry.
      const renewed = runtime.credentials.load();
      if (renewed && (renewed.auth !== token || renewed.expiresAt !== grant?.expiresAt)) continue;
    }
    throw new ApiError(answer.code, answer.msg, answer.data);
  }
}
