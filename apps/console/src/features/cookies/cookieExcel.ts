import { cookieTableColumns, limits, parseCookieRows, type Cookie, type CookieParseResult } from '@facet/contracts';
import { precheckRows, sheetRowsAtMost } from '../../lib/sheetRowCount.ts';
import { guardCell, unguardCell } from '../../lib/sheetCells.ts';

/** exceljs is large; it is loaded only when someone imports or exports a spreadsheet. */
const loadExcel = async () => (await import('exceljs')).default;

/** A workbook with one sheet: a header row of cookieTableColumns, then one cookie per row. */
export async function cookiesToXlsx(cookies: readonly Cookie[]): Promise<Blob> {
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet('cookies');
  sheet.addRow([...cookieTableColumns]);
  for (const c of cookies) sheet.addRow(cookieTableColumns.map((column) => guardCell(c[column] ?? '')));
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

/** The first sheet, read by its header row; row numbers are the sheet's own (header = 1). */
export async function cookiesFromXlsx(data: ArrayBuffer): Promise<CookieParseResult> {
  // Counted before the workbook is built: a sheet far beyond what a profile keeps is refused cheaply.
  if (!(await sheetRowsAtMost(data, precheckRows(limits.cookiesPerProfile)))) return { ok: false, row: 0, key: 'cookies.tooMany' };
  const Excel = await loadExcel();
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(data);
  } catch {
    return { ok: false, row: 0, key: 'cookies.badExcel' };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { ok: false, row: 0, key: 'cookies.empty' };
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? '').trim());
  const values: unknown[] = [];
  const rows: number[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const cells = row.values as unknown[];
    const cookie: Record<string, unknown> = {};
    header.forEach((name, index) => {
      if (!(cookieTableColumns as readonly string[]).includes(name)) return;
      const cell = cells[index];
      if (cell === undefined || cell === null || cell === '') return;
      cookie[name] = name === 'httpOnly' || name === 'secure' ? cell === true || String(cell).toLowerCase() === 'true' : name === 'expirationDate' ? Number(cell) : unguardCell(String(cell));
    });
    values.push(cookie);
    rows.push(number);
  });
  return parseCookieRows(values, rows);
}
