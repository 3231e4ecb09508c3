import { profileCreateCall, profileDetailCall, profileUpdateCall } from '@facet/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSettings, settingsOf, signedIn } from './flows.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * Each profile draws its canvas, audio and WebGL noise from a seed of its own. A script that
 * writes the fingerprint by hand and leaves the seed out used to get seed 0 for every profile it
 * made: all of them drew alike, and a site could tie them together.
 */
describe('noise seeds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives every new profile its own seed when none is sent, keeps it through an edit that sends none, and takes one that is sent', async () => {
    const person = await signedIn(server);
    const handWritten = { ...profileSettings(), fingerprint: { portScanProtection: { enabled: false } } };
    const one = (await person.client.call(profileCreateCall, { settings: handWritten })).profile;
    const two = (await person.client.call(profileCreateCall, { settings: handWritten })).profile;
    expect(one.fingerprint.noiseSeed).not.toBe(0);
    expect(two.fingerprint.noiseSeed).not.toBe(0);
    expect(one.fingerprint.noiseSeed).not.toBe(two.fingerprint.noiseSeed);

    // An edit that sends no seed keeps the profile's; one that sends a seed sets it.
    const seed = one.fingerprint.noiseSeed;
    await person.client.call(profileUpdateCall, { id: one.id, settings: { ...settingsOf(one, { name: 'Renamed' }), fingerprint: { ...one.fingerprint, noiseSeed: 0 } } });
    expect((await person.client.call(profileDetailCall, { id: one.id })).profile.fingerprint.noiseSeed).toBe(seed);
    await person.client.call(profileUpdateCall, { id: one.id, settings: { ...settingsOf(one), fingerprint: { ...one.fingerprint, noiseSeed: 12345 } } });
    expect((await person.client.call(profileDetailCall, { id: one.id })).profile.fingerprint.noiseSeed).toBe(12345);
  });
});
