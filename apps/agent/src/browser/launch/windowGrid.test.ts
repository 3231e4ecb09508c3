import { WINDOW_MIN_HEIGHT, WINDOW_MIN_WIDTH } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { fittingColumns, windowGrid } from './windowGrid.ts';

const fullHd = { left: 0, top: 0, width: 1920, height: 1080 };

describe('window grid', () => {
  it('shares the screen out evenly, row by row from the top left', () => {
    const grid = windowGrid(4, fullHd);
    expect([grid.columns, grid.rows]).toEqual([2, 2]);
    expect(grid.cells).toEqual([
      { left: 0, top: 0, width: 960, height: 540 },
      { left: 960, top: 0, width: 960, height: 540 },
      { left: 0, top: 540, width: 960, height: 540 },
      { left: 960, top: 540, width: 960, height: 540 },
    ]);
  });

  it('chooses the columns that give each window the most room in its shape', () => {
    // Two side by side are larger 16:10 windows than two stacked on a wide screen.
    expect(fittingColumns(2, fullHd)).toBe(2);
    expect(fittingColumns(3, fullHd)).toBe(2);
    expect(fittingColumns(6, fullHd)).toBe(3);
    expect(fittingColumns(9, fullHd)).toBe(3);
    // A tall screen stacks them.
    expect(fittingColumns(2, { width: 1080, height: 1920 })).toBe(1);
    expect(fittingColumns(1, fullHd)).toBe(1);
  });

  it('starts at the screen\'s available area, past a task bar', () => {
    const grid = windowGrid(2, { left: 0, top: 40, width: 1600, height: 860 });
    expect(grid.cells).toEqual([
      { left: 0, top: 40, width: 800, height: 860 },
      { left: 800, top: 40, width: 800, height: 860 },
    ]);
  });

  it('takes the columns asked for, never more than there are windows', () => {
    const grid = windowGrid(5, fullHd, { columns: 5 });
    expect([grid.columns, grid.rows]).toEqual([5, 1]);
    // 384 px is below Chromium's smallest window: the windows overlap and still span the screen.
    expect(grid.cells.map((c) => c.width)).toEqual(Array(5).fill(WINDOW_MIN_WIDTH));
    expect(grid.cells.map((c) => c.left)).toEqual([0, 355, 710, 1065, 1420]);
    expect(grid.cells[4]!.left + grid.cells[4]!.width).toBe(1920);
    expect(windowGrid(2, fullHd, { columns: 8 }).columns).toBe(2);
  });

  it('takes the size asked for, with as many columns of it as fit', () => {
    const grid = windowGrid(5, fullHd, { width: 600, height: 400 });
    expect([grid.columns, grid.rows]).toEqual([3, 2]);
    expect(grid.cells.map(({ left, top }) => [left, top])).toEqual([
      [0, 0],
      [600, 0],
      [1200, 0],
      [0, 400],
      [600, 400],
    ]);
    expect(grid.cells.every((c) => c.width === 600 && c.height === 400)).toBe(true);
  });

  it('never sizes a window beyond the screen', () => {
    const grid = windowGrid(1, fullHd, { width: 4000, height: 3000 });
    expect(grid.cells).toEqual([{ left: 0, top: 0, width: 1920, height: 1080 }]);
  });

  it('overlaps many windows evenly rather than running off the screen', () => {
    const grid = windowGrid(20, fullHd);
    expect(grid.columns * grid.rows).toBeGreaterThanOrEqual(20);
    for (const cell of grid.cells) {
      expect(cell.width).toBeGreaterThanOrEqual(WINDOW_MIN_WIDTH);
      expect(cell.height).toBeGreaterThanOrEqual(WINDOW_MIN_HEIGHT);
      expect(cell.left + cell.width).toBeLessThanOrEqual(1920);
      expect(cell.top + cell.height).toBeLessThanOrEqual(1080);
    }
    // Every window has its own place.
    expect(new Set(grid.cells.map((c) => `${c.left},${c.top}`)).size).toBe(20);
  });

  it('places nothing for no windows', () => {
    expect(windowGrid(0, fullHd)).toEqual({ columns: 0, rows: 0, cells: [] });
  });
});
