import { exportedProfileSchema, profileSettingsSchema } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { profilesFromXlsx, profilesToXlsx } from './profileSheet.ts';

describe('the profile sheet', () => {
  it('writes text a spreadsheet would run as a formula behind a mark, and reads it back as it was', async () => {
    const settings = profileSettingsSchema.parse({ name: '=HYPERLINK("http://evil.example","open")', groupId: '0', os: 'windows', userAgent: 'Mozilla/5.0', resolution: '1280x800', kernelVersion: '156', remark: '@SUM(1)', proxy: { type: 'http', host: 'proxy.example', port: 8080, username: '+user', password: '-pass' } });
    const profile = exportedProfileSchema.parse({ ...settings, groupName: '' });
    const blob = await profilesToXlsx([profile]);
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const row = workbook.worksheets[0]!.getRow(2).values as unknown[];
    // No cell of the written row starts with what makes a formula.
    expect(row.filter((cell) => typeof cell === 'string' && /^[=+\-@]/.test(cell))).toEqual([]);
    const read = await profilesFromXlsx(await blob.arrayBuffer());
    if (!read.ok) throw new Error(read.key);
    expect(read.profiles[0]).toMatchObject({ name: settings.name, remark: '@SUM(1)', proxy: { username: '+user', password: '-pass' } });
  });

  it('refuses a sheet far beyond one import before building the workbook', async () => {
    const { default: Excel } = await import('exceljs');
    const workbook = new Excel.Workbook();
    const sheet = workbook.addWorksheet('profiles');
    sheet.addRow(['name']);
    for (let i = 0; i < 2500; i++) sheet.addRow([`Shop ${i}`]);
    const data = new Uint8Array((await workbook.xlsx.writeBuffer()) as ArrayBuffer).buffer;
    expect(await profilesFromXlsx(data)).toEqual({ ok: false, row: 0, key: 'profileFiles.tooMany' });
  });
});
