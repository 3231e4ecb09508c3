import { describe, expect, it } from 'vitest';
import { formatBytes, gigabyteUnit } from './formatBytes.ts';

describe('byte sizes as people read them', () => {
  it('steps by 1024 and keeps one decimal below 100', () => {
    expect(formatBytes(0, 'en-US')).toBe('0 kB');
    expect(formatBytes(512, 'en-US')).toBe('0.5 kB');
    expect(formatBytes(200 * 1024, 'en-US')).toBe('200 kB');
    expect(formatBytes(1536, 'en-US')).toBe('1.5 kB');
    expect(formatBytes(1_689_000, 'en-US')).toBe('1.6 MB');
    expect(formatBytes(250 * 1024 ** 3, 'en-US')).toBe('250 GB');
  });

  it('speaks the console\'s language', () => {
    expect(formatBytes(1.5 * 1024 ** 3, 'de').replace(/\s/g, ' ')).toBe('1,5 GB');
    expect(formatBytes(3 * 1024 ** 2, 'ru').replace(/\s/g, ' ')).toBe('3 МБ');
    expect(gigabyteUnit('fr')).toBe('Go');
    expect(gigabyteUnit('en-US')).toBe('GB');
  });
});
