import { describe, expect, it } from 'vitest';
import { runIn, illegal } from '../../test/runScript.ts';

describe('media devices', () => {
  const browserWith = (granted: string[], origin = 'https://a.example') => {
    class MediaDeviceInfo {
      get deviceId(): string {
        return illegal();
      }
      get kind(): string {
        return illegal();
      }
      get label(): string {
        return illegal();
      }
      get groupId(): string {
        return illegal();
      }
      toJSON(): unknown {
        return illegal();
      }
    }
    class InputDeviceInfo extends MediaDeviceInfo {
      getCapabilities(): unknown {
        return illegal();
      }
    }
    class MediaDevices {
      enumerateDevices() {
        return Promise.resolve([]);
      }
      getUserMedia(_constraints: unknown) {
        return Promise.resolve('a stream');
      }
    }
    class Permissions {
      query(descriptor: { name: string }) {
        return Promise.resolve({ state: granted.includes(descriptor.name) ? 'granted' : 'prompt' });
      }
    }
    class Navigator {}
    const navigator = Object.assign(new Navigator(), { permissions: new Permissions() });
    return { MediaDevices, MediaDeviceInfo, InputDeviceInfo, Permissions, Navigator, navigator, location: { origin } };
  };
  interface Device {
    deviceId: string;
    kind: string;
    label: string;
    groupId: string;
  }
  const list = async (scope: ReturnType<typeof browserWith>) =>
    (await new scope.MediaDevices().enumerateDevices()).map((d: unknown) => {
      const device = d as Device & { toJSON(): Device };
      expect(device.toJSON()).toEqual({ deviceId: device.deviceId, kind: device.kind, label: device.label, groupId: device.groupId });
      return { ...device.toJSON(), input: device instanceof scope.InputDeviceInfo };
    });
  const counts = { audioinput: 2, videoinput: 1, audiooutput: 3 };

  it('shows one empty entry per kind before permission, as Chromium does', async () => {
    const scope = browserWith([]);
    runIn(scope, { mediaDevices: counts });
    expect(await list(scope)).toEqual([
      { deviceId: '', kind: 'audioinput', label: '', groupId: '', input: true },
      { deviceId: '', kind: 'videoinput', label: '', groupId: '', input: true },
      { deviceId: '', kind: 'audiooutput', label: '', groupId: '', input: false },
    ]);
  });

  it('shows every device once allowed, with ids stable per profile and origin', async () => {
    const read = async (noiseSeed: number, origin: string) => {
      const scope = browserWith(['camera', 'microphone'], origin);
      runIn(scope, { mediaDevices: counts, noiseSeed });
      return list(scope);
    };
    const first = await read(1, 'https://a.example');
    expect(first.map((d) => `${d.kind} ${d.deviceId.length === 64 ? 'id' : d.deviceId}`)).toEqual([
      'audioinput default',
      'audioinput communications',
      'audioinput id',
      'audioinput id',
      'videoinput id',
      'audiooutput default',
      'audiooutput communications',
      'audiooutput id',
      'audiooutput id',
      'audiooutput id',
    ]);
    expect(first.every((d) => d.label !== '' && /^[0-9a-f]{64}$/.test(d.groupId))).toBe(true);
    expect(await read(1, 'https://a.example')).toEqual(first);
    expect((await read(2, 'https://a.example'))[2]!.deviceId).not.toBe(first[2]!.deviceId);
    expect((await read(1, 'https://b.example'))[2]!.deviceId).not.toBe(first[2]!.deviceId);
  });

  it('shows nothing when off, and getUserMedia fails as on a machine without the device', async () => {
    const scope = browserWith(['camera', 'microphone']);
    runIn(scope, { mediaDevices: { audioinput: 0, videoinput: 0, audiooutput: 0 } });
    expect(await list(scope)).toEqual([]);
    await expect(new scope.MediaDevices().getUserMedia({ audio: true })).rejects.toMatchObject({ name: 'NotFoundError', message: 'Requested device not found' });
    const some = browserWith([]);
    runIn(some, { mediaDevices: { audioinput: 1, videoinput: 0, audiooutput: 1 } });
    expect(await new some.MediaDevices().getUserMedia({ audio: true })).toBe('a stream');
    await expect(new some.MediaDevices().getUserMedia({ audio: true, video: true })).rejects.toMatchObject({ name: 'NotFoundError' });
  });
});
