import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ApiClient } from '@facet/api-client';
import {
  Code,
  PLUGIN_UPLOAD_PATH,
  apiPluginAssignCall,
  apiPluginListCall,
  apiProfilePluginsCall,
  apiTokenResetCall,
  groupCreateCall,
  memberCall,
  operationLogListCall,
  pluginAssignCall,
  pluginDisableEverywhereCall,
  pluginEnableCall,
  pluginListCall,
  pluginMoveVersionCall,
  pluginRemoveCall,
  pluginUnassignCall,
  pluginUpdateCall,
  pluginVersionsCall,
  profileCreateCall,
  profilePluginsCall,
  profileShareCall,
  subAccountCreateCall,
} from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, logIn, profileSettings, refusal, signedIn } from './flows.ts';
import { newPerson, startTestServer, type TestServer } from './harness.ts';
import { blackGreyscalePng, crc32OfZeros, deflatedZeros, writeZip } from '@facet/plugin-package/testing';
import { solidImage } from './support/imageFixtures.ts';
import { downloadPlugin, extension, tokenOf, uploadedPlugin, uploadPlugin, type UploadForm } from './support/pluginUploads.ts';

let server: TestServer;
let icon: Buffer;
beforeAll(async () => {
  server = await startTestServer();
  icon = await solidImage(128, 128, 'png');
});
afterAll(() => server.close());

const GB = 1024 * 1024 * 1024;

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const upload = (client: ApiClient, form: UploadForm) => uploadPlugin(server, client, form, icon);
const uploaded = (client: ApiClient, form: UploadForm) => uploadedPlugin(server, client, form, icon);
const download = (sha: string, token: string) => downloadPlugin(server, sha, token);

const blobFile = (sha: string) => path.join(server.dataDir, 'blobs', 'plugins', sha);

async function logActions(client: ApiClient): Promise<string[]> {
  return (await client.call(operationLogListCall, { limit: 100 })).list.map((e) => e.action);
}

/** A main account with a sub-account signed in. */
async function team() {
  const main = await signedIn(server);
  const username = newPerson('s').username;
  const { subAccount } = await main.client.call(subAccountCreateCall, { username, password: 'sub password 1' });
  const sub = await logIn(server, username, 'sub password 1');
  return { main, sub: { ...sub, id: subAccount.id } };
}

describe('plugin upload', () => {
  it('stores a valid MV3 extension sent as real multipart, and lists it', async () => {
    const { client } = await signedIn(server);
    const zip = extension('1.2.3');
    const { plugin, version, created } = await uploaded(client, { name: ' Wallet Guard ', introduction: 'Warns before signing.', publisher: 'Acme', pkg: { bytes: zip } });
    expect(created).toBe(true);
    expect(version).toMatchObject({ version: '1.2.3', sha256: sha256(zip), size: zip.length, pluginId: plugin.id });
    expect(plugin).toMatchObject({ name: 'Wallet Guard', introduction: 'Warns before signing.', publisher: 'Acme', versionCount: 1, disabledEverywhere: false, enabled: false });
    expect(plugin.icon).toMatch(/^data:image\/png;base64,/);

    const { list, total } = await client.call(pluginListCall, {});
    expect(total).toBe(1);
    expect(list[0]).toMatchObject({ id: plugin.id, name: 'Wallet Guard', latestVersion: { id: version.id, sha256: sha256(zip) } });
    expect(fs.readFileSync(blobFile(version.sha256)).equals(zip)).toBe(true);

    // The same bytes again as a version of the same plugin: a retry, not a second version.
    const again = await uploaded(client, { pluginId: plugin.id, icon: null, pkg: { bytes: zip } });
    expect(again).toMatchObject({ created: false, version: { id: version.id } });
    expect((await client.call(pluginVersionsCall, { id: plugin.id })).list).toHaveLength(1);
    expect(await logActions(client)).toEqual(['plugin.upload']);
  });

  it('judges a lying Content-Type by content: a real zip named and typed as text is accepted', async () => {
    const { client } = await signedIn(server);
    const result = await uploaded(client, { name: 'Named oddly', pkg: { bytes: extension(), filename: 'readme.txt', type: 'text/plain' }, icon: { bytes: icon, filename: 'icon.gif', type: 'image/gif' } });
    expect(result.created).toBe(true);
  });

  it('refuses each bad upload with its own code and detail, and stores nothing', async () => {
    const { client, username } = await signedIn(server);
    const bomb = writeZip([
      { name: 'manifest.json', data: Buffer.from(JSON.stringify({ manifest_version: 3, name: 'x', version: '1' })) },
      { name: 'payload.js', compressed: deflatedZeros(GB), uncompressedSize: GB, crc32: crc32OfZeros(GB) },
    ]);
    const cases: Array<[string, UploadForm, number, Record<string, unknown>]> = [
      ['zip bomb', { name: 'Bomb', pkg: { bytes: bomb } }, Code.PLUGIN_PACKAGE_TOO_BIG_UNCOMPRESSED, { limit: 100 * 1024 * 1024 }],
      ['../ path', { name: 'Escape', pkg: { bytes: extension('1.0.0', { name: '../evil.js', data: Buffer.from('steal()') }) } }, Code.PLUGIN_PACKAGE_BAD_PATH, { path: '../evil.js' }],
      ['a PNG sent as application/zip', { name: 'Liar', pkg: { bytes: icon, filename: 'plugin.zip', type: 'application/zip' } }, Code.PLUGIN_PACKAGE_NOT_ZIP, { detected: 'png', declaredType: 'application/zip' }],
      ['a crx', { name: 'Packed', pkg: { bytes: Buffer.concat([Buffer.from('Cr24\x03\0\0\0\0\0\0\0', 'latin1'), extension()]), filename: 'w.crx' } }, Code.PLUGIN_PACKAGE_IS_CRX, { remedy: 'unpack-and-zip-folder' }],
      ['a Manifest V2 extension', { name: 'Old', pkg: { bytes: writeZip([{ name: 'manifest.json', data: Buffer.from('{"manifest_version":2,"name":"x","version":"1"}') }]) } }, Code.PLUGIN_PACKAGE_MV2, {}],
      ['a pixel-flood icon', { name: 'Flood', icon: { bytes: blackGreyscalePng(16000, 16000) }, pkg: { bytes: extension() } }, Code.PLUGIN_ICON_PIXEL_FLOOD, { width: 16000, height: 16000 }],
      ['an SVG named .png', { name: 'Svg', icon: { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'i.png' }, pkg: { bytes: extension() } }, Code.PLUGIN_ICON_NOT_IMAGE, {}],
      ['an icon over 1 MB', { name: 'Heavy', icon: { bytes: Buffer.concat([icon, Buffer.alloc(1024 * 1024)]) }, pkg: { bytes: extension() } }, Code.PLUGIN_ICON_TOO_LARGE, { limit: 1024 * 1024 }],
      ['a non-square icon', { name: 'Wide', icon: { bytes: await solidImage(120, 60, 'jpeg') }, pkg: { bytes: extension() } }, Code.PLUGIN_ICON_NOT_SQUARE, {}],
    ];
    for (const [label, form, code, detail] of cases) {
      const answer = await upload(client, form);
      expect(answer.code, label).toBe(code);
      expect(answer.data, label).toMatchObject(detail);
      expect(answer.msg, label).not.toBe('');
    }

    // Missing pieces and too-long text are input faults, also before anything is stored.
    expect((await upload(client, { pkg: { bytes: extension() } })).data).toMatchObject({ issues: [{ path: 'name', key: 'validation.required' }] });
    expect((await upload(client, { name: 'No icon', icon: null, pkg: { bytes: extension() } })).data).toMatchObject({ issues: [{ path: 'icon' }] });
    expect((await upload(client, { name: 'x'.repeat(51), pkg: { bytes: extension() } })).code).toBe(Code.INVALID_INPUT);

    expect((await client.call(pluginListCall, {})).total).toBe(0);
    const db = server.facet.database.db;
    const { id } = (await server.facet.services.repositories.accounts.findByLogin(username))!;
    expect(await db.selectFrom('plugins').select('id').where('owner_id', '=', id).execute()).toEqual([]);
    expect(fs.existsSync(blobFile(sha256(bomb)))).toBe(false);
    expect(await logActions(client)).toEqual([]);
  });

  it('stops reading at the limit: a 30 MB package is refused at 20 MB, a large crx after its first bytes', async () => {
    const { client } = await signedIn(server);
    const oversized = Buffer.concat([extension(), Buffer.alloc(30 * 1024 * 1024, 1)]);
    expect(await upload(client, { name: 'Huge', pkg: { bytes: oversized } })).toMatchObject({ code: Code.PLUGIN_PACKAGE_TOO_LARGE, data: { limit: 20 * 1024 * 1024 } });
    const crx = Buffer.concat([Buffer.from('Cr24\x03\0\0\0\0\0\0\0', 'latin1'), extension(), Buffer.alloc(15 * 1024 * 1024)]);
    expect((await upload(client, { name: 'Packed', pkg: { bytes: crx, filename: 'w.crx' } })).code).toBe(Code.PLUGIN_PACKAGE_IS_CRX);
    // The connection the refusals closed did not take the server with it.
    expect((await client.call(pluginListCall, {})).total).toBe(0);
  });

  it('answers a body that ends before its closing boundary as bad input (400), storing nothing', async () => {
    const { client } = await signedIn(server);
    const form = new FormData();
    form.append('name', 'Cut short');
    form.append('package', new Blob([extension()], { type: 'application/zip' }), 'plugin.zip');
    const whole = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get('content-type')!;
    // The upload as a client that lost its connection half-way would have sent it.
    const cut = whole.slice(0, Math.floor(whole.length / 2));
    const response = await fetch(`${server.baseUrl}${PLUGIN_UPLOAD_PATH}`, { method: 'POST', headers: { authorization: `Bearer ${tokenOf(client)}`, 'content-type': type }, body: cut });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: number }).code).toBe(Code.INVALID_INPUT);
    expect((await client.call(pluginListCall, {})).total).toBe(0);
  });

  it('refuses a session that is not one (886) and a sub-account (main account only) before reading the files', async () => {
    const { sub } = await team();
    expect((await upload(sub.client, { name: 'Sub', pkg: { bytes: extension() } })).code).toBe(Code.MAIN_ACCOUNT_ONLY);
    const response = await fetch(`${server.baseUrl}${PLUGIN_UPLOAD_PATH}`, { method: 'POST', headers: { authorization: 'Bearer s_nope' }, body: new FormData() });
    expect(((await response.json()) as { code: number }).code).toBe(Code.SESSION_EXPIRED);
  });
});

describe('plugin pins', () => {
  it('keeps existing assignments on their version when a new one is uploaded, until moved on purpose', async () => {
    const { client } = await signedIn(server);
    const v1 = await uploaded(client, { name: 'Pinned', pkg: { bytes: extension('1.0.0') } });
    const [profileId] = await createProfiles(client, 1);
    await client.call(pluginAssignCall, { id: v1.plugin.id, versionId: v1.version.id, profileIds: [profileId!] });
    const expected = { pluginId: v1.plugin.id, versionId: v1.version.id, version: '1.0.0', sha256: v1.version.sha256, size: v1.version.size, url: `/v2/plugins/blob/${v1.version.sha256}` };
    expect((await client.call(profilePluginsCall, { profileId: profileId! })).list).toEqual([expected]);

    const v2 = await uploaded(client, { pluginId: v1.plugin.id, icon: null, pkg: { bytes: extension('2.0.0') } });
    expect(v2).toMatchObject({ created: true, plugin: { name: 'Pinned', versionCount: 2, latestVersion: { version: '2.0.0' } } });
    expect((await client.call(profilePluginsCall, { profileId: profileId! })).list).toEqual([expected]);

    expect((await client.call(pluginMoveVersionCall, { id: v1.plugin.id, versionId: v2.version.id })).moved).toBe(1);
    expect((await client.call(profilePluginsCall, { profileId: profileId! })).list).toEqual([{ ...expected, versionId: v2.version.id, version: '2.0.0', sha256: v2.version.sha256, size: v2.version.size, url: `/v2/plugins/blob/${v2.version.sha256}` }]);
    expect(await logActions(client)).toEqual(expect.arrayContaining(['plugin.upload', 'plugin.newVersion', 'plugin.assign', 'plugin.moveVersion']));
  });

  it('loads a profile’s own pin over its group’s over its account’s switch, one version per plugin', async () => {
    const { client } = await signedIn(server);
    const v1 = await uploaded(client, { name: 'Layered', pkg: { bytes: extension('1.0.0') } });
    const v2 = await uploaded(client, { pluginId: v1.plugin.id, icon: null, pkg: { bytes: extension('2.0.0') } });
    const v3 = await uploaded(client, { pluginId: v1.plugin.id, icon: null, pkg: { bytes: extension('3.0.0') } });
    const { group } = await client.call(groupCreateCall, { name: 'Shops' });
    const { profile: grouped } = await client.call(profileCreateCall, { settings: profileSettings({ name: 'In group', groupId: group.id }) });
    const [loose, own] = await createProfiles(client, 2);
    const loads = async (profileId: string) => (await client.call(profilePluginsCall, { profileId })).list.map((p) => p.version);

    expect(await loads(loose!)).toEqual([]);
    const enabled = await client.call(pluginEnableCall, { id: v1.plugin.id, enabled: true, versionId: v1.version.id });
    expect(enabled.plugin).toMatchObject({ enabled: true, enabledVersionId: v1.version.id });
    await client.call(pluginAssignCall, { id: v1.plugin.id, versionId: v2.version.id, groupIds: [group.id] });
    await client.call(pluginAssignCall, { id: v1.plugin.id, versionId: v3.version.id, profileIds: [own!] });
    expect(await loads(loose!)).toEqual(['1.0.0']);
    expect(await loads(grouped.id)).toEqual(['2.0.0']);
    expect(await loads(own!)).toEqual(['3.0.0']);

    await client.call(pluginUnassignCall, { id: v1.plugin.id, profileIds: [own!], groupIds: [group.id] });
    expect(await loads(grouped.id)).toEqual(['1.0.0']);
    await client.call(pluginEnableCall, { id: v1.plugin.id, enabled: false });
    expect(await loads(own!)).toEqual([]);
    expect(await logActions(client)).toEqual(expect.arrayContaining(['plugin.enable', 'plugin.disable', 'plugin.unassign']));
  });

  it('disables a plugin everywhere at once: no account’s profile loads it, until switched back', async () => {
    const { main, sub } = await team();
    const { plugin, version } = await uploaded(main.client, { name: 'Shared', pkg: { bytes: extension() } });
    const [mainProfile] = await createProfiles(main.client, 1);
    const [subProfile] = await createProfiles(sub.client, 1);
    await main.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [mainProfile!] });
    await sub.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [subProfile!] });
    // The main account switches it on for the sub-account too: every profile of the sub loads it.
    await main.client.call(pluginEnableCall, { id: plugin.id, enabled: true, accountId: sub.id });
    const [otherSubProfile] = await createProfiles(sub.client, 1);
    for (const [client, id] of [[main.client, mainProfile], [sub.client, subProfile], [sub.client, otherSubProfile]] as const) {
      expect((await client.call(profilePluginsCall, { profileId: id! })).list.map((p) => p.sha256)).toEqual([version.sha256]);
    }

    expect((await main.client.call(pluginDisableEverywhereCall, { id: plugin.id })).plugin.disabledEverywhere).toBe(true);
    for (const [client, id] of [[main.client, mainProfile], [sub.client, subProfile], [sub.client, otherSubProfile]] as const) {
      expect((await client.call(profilePluginsCall, { profileId: id! })).list).toEqual([]);
    }
    await refusal(sub.client.call(pluginDisableEverywhereCall, { id: plugin.id, disabled: false }), Code.MAIN_ACCOUNT_ONLY);
    await main.client.call(pluginDisableEverywhereCall, { id: plugin.id, disabled: false });
    expect((await sub.client.call(profilePluginsCall, { profileId: subProfile! })).list).toHaveLength(1);
    expect(await logActions(main.client)).toEqual(expect.arrayContaining(['plugin.disableEverywhere', 'plugin.enableEverywhere', 'plugin.enable']));
  });
});

describe('plugin access', () => {
  it('lets a sub-account see, enable and assign the team’s plugins, but not upload, edit or remove them', async () => {
    const { main, sub } = await team();
    const { plugin, version } = await uploaded(main.client, { name: 'Team tool', pkg: { bytes: extension() } });
    expect((await sub.client.call(pluginListCall, {})).list.map((p) => p.id)).toEqual([plugin.id]);
    const [subProfile] = await createProfiles(sub.client, 1);
    expect((await sub.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [subProfile!] })).assigned).toBe(1);
    expect((await sub.client.call(pluginEnableCall, { id: plugin.id, enabled: true })).plugin.enabled).toBe(true);
    // Its switch is its own: the main account's stays off.
    expect((await main.client.call(pluginListCall, {})).list[0]!.enabled).toBe(false);

    expect((await upload(sub.client, { pluginId: plugin.id, icon: null, pkg: { bytes: extension('9.0.0') } })).code).toBe(Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(pluginRemoveCall, { id: plugin.id }), Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(pluginUpdateCall, { id: plugin.id, name: 'Mine now' }), Code.MAIN_ACCOUNT_ONLY);
    await refusal(sub.client.call(pluginMoveVersionCall, { id: plugin.id, versionId: version.id }), Code.MAIN_ACCOUNT_ONLY);
    const { member } = await main.client.call(memberCall, {});
    await refusal(sub.client.call(pluginEnableCall, { id: plugin.id, enabled: true, accountId: member.id }), Code.MAIN_ACCOUNT_ONLY);
    // The main account cannot assign to a sub-account's profile: assignments are the owner's.
    await refusal(main.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [subProfile!] }), Code.NOT_FOUND);
  });

  it('hides a team’s plugin from every other account: list, versions, assign, download, remove', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const { plugin, version } = await uploaded(owner.client, { name: 'Private', pkg: { bytes: extension('4.0.0') } });
    const [strangerProfile] = await createProfiles(stranger.client, 1);
    const [ownerProfile] = await createProfiles(owner.client, 1);

    expect((await stranger.client.call(pluginListCall, {})).total).toBe(0);
    await refusal(stranger.client.call(pluginVersionsCall, { id: plugin.id }), Code.NOT_FOUND);
    await refusal(stranger.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [strangerProfile!] }), Code.NOT_FOUND);
    await refusal(stranger.client.call(pluginEnableCall, { id: plugin.id, enabled: true }), Code.NOT_FOUND);
    await refusal(stranger.client.call(pluginRemoveCall, { id: plugin.id }), Code.NOT_FOUND);
    await refusal(stranger.client.call(pluginDisableEverywhereCall, { id: plugin.id }), Code.NOT_FOUND);
    await refusal(stranger.client.call(profilePluginsCall, { profileId: ownerProfile! }), Code.NOT_FOUND);
    const denied = await download(version.sha256, tokenOf(stranger.client));
    expect(denied.status).toBe(404);
    expect(((await denied.json()) as { code: number }).code).toBe(Code.NOT_FOUND);
    // The owner can still use it: nothing the stranger tried changed it.
    expect((await owner.client.call(pluginListCall, {})).list[0]).toMatchObject({ id: plugin.id, disabledEverywhere: false });
  });

  it('loads nothing of the owner’s in a profile shared with another account', async () => {
    const owner = await signedIn(server);
    const recipient = await signedIn(server);
    const { plugin, version } = await uploaded(owner.client, { name: 'Owner only', pkg: { bytes: extension() } });
    const [profileId] = await createProfiles(owner.client, 1);
    await owner.client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId!] });
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [profileId!], accounts: [recipient.username] });
    expect((await recipient.client.call(profilePluginsCall, { profileId: profileId! })).list).toEqual([]);
    expect((await download(version.sha256, tokenOf(recipient.client))).status).toBe(404);
  });
});

describe('plugin download and removal', () => {
  it('serves a version’s bytes by hash to a session and to the agent’s API token, bytes that hash to it', async () => {
    const { client, password } = await signedIn(server);
    const zip = extension('5.0.0');
    const { plugin, version } = await uploaded(client, { name: 'Fetched', pkg: { bytes: zip } });
    const [profileId] = await createProfiles(client, 1);
    await client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId!] });

    const bySession = await download(version.sha256, tokenOf(client));
    expect(bySession.status).toBe(200);
    expect(bySession.headers.get('content-type')).toBe('application/zip');
    expect(sha256(new Uint8Array(await bySession.arrayBuffer()))).toBe(version.sha256);

    // The agent: what to load through /v2/api/, then the bytes with the same token.
    const { token } = await client.call(apiTokenResetCall, { passwd: password });
    const agent = server.client({ apiToken: token });
    const [load] = (await agent.call(apiProfilePluginsCall, { profileId: profileId! })).list;
    expect(load).toMatchObject({ versionId: version.id, sha256: version.sha256 });
    const byToken = await fetch(`${server.baseUrl}${load!.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(sha256(new Uint8Array(await byToken.arrayBuffer()))).toBe(version.sha256);

    expect((await download(version.sha256, 'fct_wrong')).status).toBe(401);
    expect((await download(version.sha256, 's_wrong')).status).toBe(401);
    expect((await download('../../sign-key', tokenOf(client))).status).toBe(404);
  });

  it('lists the team’s plugins and pins one on a profile with an API token, as the console does; another team’s token sees none', async () => {
    const { client, password } = await signedIn(server);
    // Bytes of its own: the removal test below counts on being the only team holding 6.0.0's.
    const { plugin, version } = await uploaded(client, { name: 'For scripts', pkg: { bytes: extension('6.5.0') } });
    const [profileId] = await createProfiles(client, 1);
    const { token } = await client.call(apiTokenResetCall, { passwd: password });
    const script = server.client({ apiToken: token });
    expect(await script.call(apiPluginListCall, {})).toEqual(await client.call(pluginListCall, {}));
    expect(await script.call(apiPluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId!] })).toEqual({ assigned: 1 });
    expect((await client.call(profilePluginsCall, { profileId: profileId! })).list.map((p) => p.versionId)).toEqual([version.id]);

    const stranger = await signedIn(server);
    const strangerScript = server.client({ apiToken: (await stranger.client.call(apiTokenResetCall, { passwd: stranger.password })).token });
    expect((await strangerScript.call(apiPluginListCall, {})).total).toBe(0);
    await refusal(strangerScript.call(apiPluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId!] }), Code.NOT_FOUND);
  });

  it('removes a plugin with its pins and bytes: profiles load nothing at the next start', async () => {
    const { client } = await signedIn(server);
    const zip = extension('6.0.0');
    const { plugin, version } = await uploaded(client, { name: 'Doomed', pkg: { bytes: zip } });
    const [profileId] = await createProfiles(client, 1);
    await client.call(pluginAssignCall, { id: plugin.id, versionId: version.id, profileIds: [profileId!] });
    await client.call(pluginEnableCall, { id: plugin.id, enabled: true });
    expect((await client.call(pluginRemoveCall, { id: plugin.id })).removedAssignments).toBe(2);

    expect((await client.call(profilePluginsCall, { profileId: profileId! })).list).toEqual([]);
    expect((await client.call(pluginListCall, {})).total).toBe(0);
    expect(fs.existsSync(blobFile(version.sha256))).toBe(false);
    expect((await download(version.sha256, tokenOf(client))).status).toBe(404);
    await refusal(client.call(pluginRemoveCall, { id: plugin.id }), Code.NOT_FOUND);
    expect(await logActions(client)).toEqual(expect.arrayContaining(['plugin.upload', 'plugin.assign', 'plugin.remove']));
  });

  it('keeps bytes another team still uses when one team removes its copy', async () => {
    const first = await signedIn(server);
    const second = await signedIn(server);
    const zip = extension('7.0.0');
    const a = await uploaded(first.client, { name: 'Same bytes', pkg: { bytes: zip } });
    await uploaded(second.client, { name: 'Same bytes', pkg: { bytes: zip } });
    await first.client.call(pluginRemoveCall, { id: a.plugin.id });
    const still = await download(a.version.sha256, tokenOf(second.client));
    expect(sha256(new Uint8Array(await still.arrayBuffer()))).toBe(a.version.sha256);
  });

  it('edits a plugin’s text (main account), logged', async () => {
    const { client } = await signedIn(server);
    const { plugin } = await uploaded(client, { name: 'Before', pkg: { bytes: extension() } });
    const { plugin: edited } = await client.call(pluginUpdateCall, { id: plugin.id, name: 'After', introduction: 'New words', publisher: 'Me' });
    expect(edited).toMatchObject({ name: 'After', introduction: 'New words', publisher: 'Me' });
    expect(await logActions(client)).toEqual(['plugin.update', 'plugin.upload']);
  });
});
