import { limits, type ExportedProfile, type ImportedProfileInput } from '@facet/contracts';
import { precheckRows, sheetRowsAtMost } from '../../lib/sheetRowCount.ts';
import { guardCell, unguardCell } from '../../lib/sheetCells.ts';

/** exceljs is large; it is loaded only when someone imports or exports a spreadsheet. */
const loadExcel = async () => (await import('exceljs')).default;

/**
 * One row per profile. Plain settings have a column each; the fingerprint and the cookies,
 * which are nested, are one JSON cell each (as AdsPower's and Dolphin's sheets carry them).
 */
const sheetColumns = [
  'name', 'groupName', 'remark', 'os', 'kernelVersion', 'userAgent', 'resolution', 'language', 'timezone', 'startPage',
  'proxyType', 'proxyHost', 'proxyPort', 'proxyUsername', 'proxyPassword', 'proxyCountry', 'fingerprint', 'cookies',
] as const;

export async function profilesToXlsx(profiles: readonly ExportedProfile[]): Promise<Blob> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('profiles');
  sheet.addRow([...sheetColumns]);
  for (const p of profiles) {
    const row = [
      p.name, p.groupName, p.remark, p.os, p.kernelVersion, p.userAgent, p.resolution, p.language, p.timezone, p.startPage,
      p.proxy.type, p.proxy.host, p.proxy.port || '', p.proxy.username, p.proxy.password, p.proxy.country,
      JSON.stringify(p.fingerprint), JSON.stringify(p.cookies),
    ];
    sheet.addRow(row.map(guardCell));
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export type SheetResult = { ok: true; profiles: ImportedProfileInput[]; rows: number[] } | { ok: false; row: number; key: string };

/** The first sheet, by its header row; each profile keeps the sheet row it came from (header = 1). */
export async function profilesFromXlsx(data: ArrayBuffer): Promise<SheetResult> {
  // Counted before the workbook is built: a sheet far beyond an import's size is refused cheaply.
  if (!(await sheetRowsAtMost(data, precheckRows(limits.maxBatchCreate)))) return { ok: false, row: 0, key: 'profileFiles.tooMany' };
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { ok: false, row: 0, key: 'profileFiles.badFile' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, row: 0, key: 'profileFiles.empty' };
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').trim());
  if (!header.includes('name')) return { ok: false, row: 1, key: 'profileFiles.noHeader' };
  const profiles: ImportedProfileInput[] = [];
  const rows: number[] = [];
  let failure: SheetResult | null = null;
  sheet.eachRow((row, number) => {
    if (number === 1 || failure) return;
    const cells = row.values as unknown[];
    const cell = (name: string) => {
      const value = cells[header.indexOf(name)];
      if (value === undefined || value === null) return '';
      // Rich text and hyperlinks come as objects; their text is what was typed.
      if (typeof value === 'object') return unguardCell(String((value as { text?: unknown }).text ?? (value as { result?: unknown }).result ?? ''));
      return unguardCell(String(value).trim());
    };
    const json = (name: string) => {
      const text = cell(name);
      if (!text) return undefined;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        failure = { ok: false, row: number, key: name === 'cookies' ? 'profileFiles.badCookies' : 'profileFiles.badFingerprint' };
        return undefined;
      }
    };
    const proxyType = cell('proxyType') || 'none';
    const profile = {
      name: cell('name'),
      groupName: cell('groupName'),
      remark: cell('remark'),
      os: (cell('os') || 'windows') as ImportedProfileInput['os'],
      ...(cell('kernelVersion') ? { kernelVersion: cell('kernelVersion') } : {}),
      userAgent: cell('userAgent'),
      resolution: cell('resolution'),
      language: cell('language'),
      timezone: cell('timezone'),
      startPage: cell('startPage'),
      proxy: { type: proxyType, host: cell('proxyHost'), port: Number(cell('proxyPort') || 0), username: cell('proxyUsername'), password: cell('proxyPassword'), country: cell('proxyCountry') },
      fingerprint: json('fingerprint'),
      cookies: json('cookies'),
    } as ImportedProfileInput;
    profiles.push(profile);
    rows.push(number);
  });
  if (failure) return failure;
  if (profiles.length === 0) return { ok: false, row: 0, key: 'profileFiles.empty' };
  return { ok: true, profiles, rows };
}
