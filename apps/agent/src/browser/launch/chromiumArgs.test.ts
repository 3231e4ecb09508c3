import { profileSchema } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { argsFor } from './chromiumArgs.ts';
import { resolveIdentity } from './identity.ts';

function profileWith(commandLine: string, sharer: { id: string; name: string } | null) {
  return profileSchema.parse({
    id: 'p1', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'owner', name: 'owner' }, members: [], sharer, permission: sharer ? 'run' : null,
    name: 'Shop', groupId: '0', os: 'windows', kernelVersion: '156', resolution: '1366x768', language: 'de-DE', timezone: 'Europe/Berlin', startPage: '',
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    fingerprint: { commandLine, remoteDebug: { port: 9555, logLevel: 'off' } },
  });
}

const hop = { address: '127.0.0.1:4000' };
const commandLine = '--mute-audio\n--renderer-cmd-prefix=/tmp/evil.sh\n--load-extension=/tmp/x';

function argsOf(sharer: { id: string; name: string } | null) {
  const profile = profileWith(commandLine, sharer);
  return argsFor(profile, resolveIdentity(profile), hop, { mayRunProfileCode: sharer === null, headless: false, extraArgs: [] }, '/tmp/profiles/p1', []);
}

describe('the command line of a profile', () => {
  it('takes the owner\'s allowlisted switches, and names the refused ones', () => {
    const { args, refused } = argsOf(null);
    expect(args).toContain('--mute-audio');
    expect(args.some((a) => a.startsWith('--renderer-cmd-prefix') || a.startsWith('--load-extension'))).toBe(false);
    expect(refused).toEqual(['--renderer-cmd-prefix=/tmp/evil.sh', '--load-extension=/tmp/x']);
  });

  it('applies nothing of it for a profile someone shared', () => {
    const { args } = argsOf({ id: 'owner', name: 'owner' });
    expect(args).not.toContain('--mute-audio');
    expect(args.some((a) => a.startsWith('--renderer-cmd-prefix'))).toBe(false);
  });

  it('gives Chromium no debugging port, the profile\'s fixed one included: the agent serves that (cdpEndpoint.ts)', () => {
    for (const sharer of [null, { id: 'owner', name: 'owner' }]) expect(argsOf(sharer).args.filter((a) => a.startsWith('--remote-debugging'))).toEqual([]);
  });

  it('sizes the window, sets the languages and goes through the hop', () => {
    const { args } = argsOf(null);
    expect(args).toEqual(expect.arrayContaining(['--window-size=1366,768', '--lang=de-DE', '--proxy-server=http://127.0.0.1:4000', '--enable-unsafe-swiftshader']));
    expect(args.some((a) => a.startsWith('--window-position'))).toBe(false);
  });

  it('stands the window at the corner it is given (a host\'s run display, filled by the profile\'s screen)', () => {
    const profile = profileWith('', null);
    const { args } = argsFor(profile, resolveIdentity(profile), hop, { mayRunProfileCode: true, headless: false, extraArgs: [], windowAt: { left: 0, top: 0 } }, '/tmp/profiles/p1', []);
    expect(args).toEqual(expect.arrayContaining(['--window-size=1366,768', '--window-position=0,0']));
  });
});
