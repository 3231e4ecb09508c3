import type { ApiClient } from '@facet/api-client';
import { PLUGIN_BLOB_PREFIX, PLUGIN_UPLOAD_PATH, type PluginUploadResponse } from '@facet/contracts';
import { writeZip, type ZipEntrySpec } from '@facet/plugin-package/testing';
import type { TestServer } from '../harness.ts';

/** A valid MV3 extension's zip; extra entries make it larger or bad on purpose. */
export function extension(version = '1.0.0', ...extra: ZipEntrySpec[]): Buffer {
  const manifest = { manifest_version: 3, name: 'Wallet Guard', version, content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'] }] };
  return writeZip([{ name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) }, { name: 'content.js', data: Buffer.from(`console.log("guard ${version}");\n`) }, ...extra]);
}

export const tokenOf = (client: ApiClient) => client.credentials.load()!.auth;

export interface UploadForm {
  name?: string;
  introduction?: string;
  publisher?: string;
  pluginId?: string;
  /** Left out: the default icon; null: no icon part. */
  icon?: { bytes: Buffer; filename?: string; type?: string } | null;
  pkg: { bytes: Buffer; filename?: string; type?: string };
}

export interface UploadAnswer {
  code: number;
  msg: string;
  data: unknown;
}

/** A real multipart request over loopback, as a browser's FormData sends it. */
export async function uploadPlugin(server: TestServer, client: ApiClient, form: UploadForm, defaultIcon: Buffer, lang?: number): Promise<UploadAnswer> {
  const body = new FormData();
  for (const field of ['pluginId', 'name', 'introduction', 'publisher'] as const) if (form[field] !== undefined) body.append(field, form[field]!);
  if (form.icon !== null) {
    const i = form.icon ?? { bytes: defaultIcon };
    body.append('icon', new Blob([i.bytes], { type: i.type ?? 'image/png' }), i.filename ?? 'icon.png');
  }
  body.append('package', new Blob([form.pkg.bytes], { type: form.pkg.type ?? 'application/zip' }), form.pkg.filename ?? 'plugin.zip');
  const response = await fetch(`${server.baseUrl}${PLUGIN_UPLOAD_PATH}${lang === undefined ? '' : `?lang=${lang}`}`, { method: 'POST', headers: { authorization: `Bearer ${tokenOf(client)}` }, body });
  return (await response.json()) as UploadAnswer;
}

export async function uploadedPlugin(server: TestServer, client: ApiClient, form: UploadForm, defaultIcon: Buffer): Promise<PluginUploadResponse> {
  const answer = await uploadPlugin(server, client, form, defaultIcon);
  if (answer.code !== 0) throw new Error(`upload refused ${answer.code}: ${answer.msg} ${JSON.stringify(answer.data)}`);
  return answer.data as PluginUploadResponse;
}

export const downloadPlugin = (server: TestServer, sha: string, token: string) => fetch(`${server.baseUrl}${PLUGIN_BLOB_PREFIX}${sha}`, { headers: { authorization: `Bearer ${token}` } });
