import { describe, expect, it } from 'vitest';
import { csvCell, csvFile } from './operationLogCsv.ts';

describe('the operation log as CSV', () => {
  it('quotes separators, quotes and line breaks, and keeps names from running as formulas', () => {
    expect(csvCell('Shop 1')).toBe('Shop 1');
    expect(csvCell('Closed “A, B” on Laptop')).toBe('"Closed “A, B” on Laptop"');
    expect(csvCell('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('starts with a byte-order mark and ends every line with CRLF', () => {
    expect(csvFile(['Date', 'Account'], [['2026-12-06 06:00', 'anna']])).toBe('\uFEFFDate,Account\r\n2026-12-06 06:00,anna\r\n');
  });
});
