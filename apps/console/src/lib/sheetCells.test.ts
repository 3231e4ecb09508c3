import { describe, expect, it } from 'vitest';
import { guardCell, unguardCell } from './sheetCells.ts';

describe('spreadsheet cells', () => {
  it.each(['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', "'=already marked"])('writes %j as text and reads it back unchanged', (value) => {
    const written = guardCell(value) as string;
    expect(written.startsWith("'")).toBe(true);
    expect(unguardCell(written)).toBe(value);
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(guardCell('Shop DE')).toBe('Shop DE');
    expect(guardCell('{"canvas":"noise"}')).toBe('{"canvas":"noise"}');
    expect(guardCell(8080)).toBe(8080);
    expect(unguardCell("it's fine")).toBe("it's fine");
  });
});
