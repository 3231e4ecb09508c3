import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetRowsAtMost } from './sheetRowCount.ts';

async function sheetWith(rows: number): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('profiles');
  sheet.addRow(['name', 'remark']);
  for (let i = 0; i < rows; i++) sheet.addRow([`Shop ${i}`, 'x'.repeat(40)]);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer).buffer;
}

describe('sheetRowsAtMost', () => {
  it('counts the rows of the first sheet, header included, on both sides of the limit', async () => {
    const data = await sheetWith(999);
    expect(await sheetRowsAtMost(data, 1000)).toBe(true);
    expect(await sheetRowsAtMost(data, 999)).toBe(false);
  });

  it('stops early on a sheet far over the limit', async () => {
    expect(await sheetRowsAtMost(await sheetWith(20_000), 10_000)).toBe(false);
  });

  it('leaves a file that is no workbook to the reader that says what is wrong', async () => {
    expect(await sheetRowsAtMost(new TextEncoder().encode('not a zip').buffer, 10)).toBe(true);
  });
});
