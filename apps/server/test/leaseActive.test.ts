import { Code, apiProfileLeaseActiveCall, apiTokenResetCall, profileLaunchCall, profileLeaseActiveCall, profileLeaseReleaseCall, profileShareCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfiles, refusal, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';
import { newDevice } from './support/deviceKeys.ts';

/** The local API's cloud-active: which profiles an account sees run on some machine now. */
describe('which profiles run anywhere (browser/lease/active)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers running for a profile with a live lease, wherever it runs, and not running once released or lapsed', async () => {
    const owner = await signedIn(server);
    const runner = await signedIn(server);
    const [running, idle, shared] = await createProfiles(owner.client, 3);
    await owner.client.call(profileShareCall, { mode: 'accounts', ids: [shared!], accounts: [runner.username], permission: 'run' });
    const laptop = newDevice();
    await owner.client.call(profileLaunchCall, { id: running!, deviceKey: laptop.publicKey, deviceName: 'Office laptop' });
    // The shared profile runs on the recipient's machine: the owner sees it running too, and the recipient sees it.
    await runner.client.call(profileLaunchCall, { id: shared!, deviceKey: newDevice().publicKey, deviceName: 'Home desktop' });

    const { list } = await owner.client.call(profileLeaseActiveCall, { ids: [running!, idle!, shared!] });
    expect(list).toEqual([
      { id: running, running: true, lease: expect.objectContaining({ device: 'Office laptop', by: owner.username }) },
      { id: idle, running: false, lease: null },
      { id: shared, running: true, lease: expect.objectContaining({ device: 'Home desktop', by: runner.username }) },
    ]);
    expect((await runner.client.call(profileLeaseActiveCall, { ids: [shared!] })).list).toEqual([{ id: shared, running: true, lease: expect.objectContaining({ device: 'Home desktop' }) }]);

    await owner.client.call(profileLeaseReleaseCall, { id: running!, deviceKey: laptop.publicKey });
    expect((await owner.client.call(profileLeaseActiveCall, { ids: [running!] })).list).toEqual([{ id: running, running: false, lease: null }]);
    // A machine that stopped beating frees the profile when its lease lapses (two minutes).
    server.clock.advance(121);
    expect((await owner.client.call(profileLeaseActiveCall, { ids: [shared!] })).list).toEqual([{ id: shared, running: false, lease: null }]);
  });

  it('never reports another account\'s profile, running or not', async () => {
    const owner = await signedIn(server);
    const stranger = await signedIn(server);
    const [id] = await createProfiles(owner.client, 1);
    await owner.client.call(profileLaunchCall, { id: id!, deviceKey: newDevice().publicKey, deviceName: 'Office laptop' });
    const [own] = await createProfiles(stranger.client, 1);

    expect((await stranger.client.call(profileLeaseActiveCall, { ids: [id!, own!, 'no-such-profile'] })).list).toEqual([{ id: own, running: false, lease: null }]);
  });

  it('answers the same through an API token, and refuses a question that names no profile or too many', async () => {
    const person = await signedIn(server);
    const [id] = await createProfiles(person.client, 1);
    await person.client.call(profileLaunchCall, { id: id!, deviceKey: newDevice().publicKey, deviceName: 'Office laptop' });
    const { token } = await person.client.call(apiTokenResetCall, { passwd: person.password });
    const script = server.client({ apiToken: token });
    expect((await script.call(apiProfileLeaseActiveCall, { ids: [id!, id!] })).list).toEqual([{ id, running: true, lease: expect.objectContaining({ device: 'Office laptop' }) }]);

    await refusal(script.call(apiProfileLeaseActiveCall, { ids: [] }), Code.INVALID_INPUT);
    await refusal(script.call(apiProfileLeaseActiveCall, { ids: Array.from({ length: 101 }, (_, i) => `p${i}`) }), Code.INVALID_INPUT);
  });
});
