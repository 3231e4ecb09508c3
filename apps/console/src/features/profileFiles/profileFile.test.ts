import { describe, expect, it } from 'vitest';
import { profilesFromJson, profilesToJson, rowOfIssue } from './profileFile.ts';

describe('profile files', () => {
  it('read back our JSON, and refuse anything else by what is wrong with it', () => {
    const text = profilesToJson([{ name: 'A', groupName: 'G' } as never], 1);
    const read = profilesFromJson(text);
    expect(read).toMatchObject({ ok: true, rows: [1], profiles: [{ name: 'A', groupName: 'G' }] });
    expect(profilesFromJson('not json')).toEqual({ ok: false, row: 0, key: 'profileFiles.badFile' });
    expect(profilesFromJson('{"profiles":[]}')).toEqual({ ok: false, row: 0, key: 'profileFiles.notOurs' });
  });

  it('name the sheet row of a refused profile', () => {
    expect(rowOfIssue('profiles.2.proxy.host', [2, 3, 7])).toEqual({ row: 7, field: 'proxy.host' });
    expect(rowOfIssue('profiles', [2])).toBeNull();
    expect(rowOfIssue('profiles.9.name', [2])).toBeNull();
  });
});
