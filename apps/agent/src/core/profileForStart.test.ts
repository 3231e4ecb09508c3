import { profileSchema, START_PAGE_CHECK, START_PAGE_IP } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { profileForStart, startPages } from './profileForStart.ts';

const IP = 'http://127.0.0.1:7000/ip';

describe('the pages a start opens', () => {
  it('opens the profile\'s start page, Facet\'s IP check as the agent\'s service, the check page after start', () => {
    expect(startPages('https://shop.example/', IP, {})).toEqual({ first: 'https://shop.example/', more: [], check: false });
    expect(startPages(START_PAGE_IP, IP, {})).toEqual({ first: IP, more: [], check: false });
    expect(startPages(START_PAGE_CHECK, IP, {})).toEqual({ first: '', more: [], check: true });
  });

  it('follows AdsPower\'s open_tabs, ip_tab and launch_args pages', () => {
    expect(startPages('https://shop.example/', IP, { openStartPage: false, ipTab: true, extraTabs: ['https://a.example/'] })).toEqual({ first: '', more: [], check: false });
    expect(startPages('https://shop.example/', IP, { ipTab: true, extraTabs: ['https://a.example/'] })).toEqual({ first: 'https://shop.example/', more: [IP, 'https://a.example/'], check: false });
    expect(startPages(START_PAGE_IP, IP, { ipTab: true })).toEqual({ first: IP, more: [], check: false });
    expect(startPages(START_PAGE_IP, IP, { ipTab: false })).toEqual({ first: '', more: [], check: false });
  });
});

describe('the profile as a start runs it', () => {
  const kernels = [{ path: '/usr/lib/chromium/chromium', product: 'Chromium' as const, version: '156.0.8078.79', major: 156 }];
  const sent = profileSchema.parse({
    id: 'p1', serial: 1, groupName: '', createdAt: 0, lastUsedAt: null, owner: { id: 'u1', name: 'owner' }, members: [], sharer: null, permission: null,
    name: 'Shop', groupId: '0', os: 'windows', resolution: '1920x1080', language: '', timezone: '', startPage: START_PAGE_IP,
    kernelVersion: '150', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
    proxy: { type: 'http', host: '127.0.0.1', port: 3128, username: '', password: '' },
    fingerprint: { commandLine: '--lang=de' },
  });
  const secrets = { proxyUsername: 'user', proxyPassword: 'secret', cookies: [], syncKey: 'k' };

  it('joins the secrets, the kernel, the start page and the start\'s own switches in one profile, and leaves what the server sent alone', () => {
    const before = JSON.stringify(sent);
    const start = profileForStart(sent, secrets, kernels, { launchArgs: ['--mute-audio'] }, IP);
    expect(start.kernel).toBe(kernels[0]);
    expect(start.kernelReplaced).toBe(true);
    expect(start.launchArgs).toEqual(['--mute-audio']);
    expect(start.pages).toEqual({ first: IP, more: [], check: false });
    expect(start.profile).toMatchObject({ kernelVersion: '156', startPage: IP, proxy: { username: 'user', password: 'secret' } });
    expect(start.profile.userAgent).toContain('Chrome/156.0.0.0 ');
    // The start's switches take the place of the profile's own command line.
    expect(start.profile.fingerprint.commandLine).toBe('');
    expect(JSON.stringify(sent)).toBe(before);
    // Without switches of its own, the profile's command line stays; on its own kernel nothing moves.
    const plain = profileForStart({ ...sent, kernelVersion: '156', userAgent: start.profile.userAgent }, secrets, kernels, {}, IP);
    expect(plain.kernelReplaced).toBe(false);
    expect(plain.profile.fingerprint.commandLine).toBe('--lang=de');
  });
});
