import { WINDOW_MIN_HEIGHT, WINDOW_MIN_WIDTH, type WindowBounds } from '@facet/contracts';

interface GridOptions {
  /** Windows per row; chosen to fit the screen when not given. */
  columns?: number;
  /** Each window's size; the screen shared out evenly when not given. */
  width?: number;
  height?: number;
}

interface WindowGrid {
  columns: number;
  rows: number;
  /** One place per window, row by row from the screen's top left. */
  cells: WindowBounds[];
}

/** The shape a browser window looks best in when the choice of columns is ours (16:10). */
const WINDOW_ASPECT = 16 / 10;

/**
 * Where `count` windows go on `screen`, as AdsPower's window tiling lays them out: a grid, row
 * by row. Cells never go below what Chromium allows a window (WINDOW_MIN_*); when that many do
 * not fit, the grid still spans the screen and neighbours overlap evenly instead of running off
 * its edge, so every window keeps a visible corner to click.
 */
export function windowGrid(count: number, screen: WindowBounds, options: GridOptions = {}): WindowGrid {
  if (count <= 0) return { columns: 0, rows: 0, cells: [] };
  const columns = Math.min(count, options.columns ?? (options.width ? columnsOfWidth(screen.width, options.width) : fittingColumns(count, screen)));
  const rows = Math.ceil(count / columns);
  const width = windowSize(options.width, screen.width, columns, WINDOW_MIN_WIDTH);
  const height = windowSize(options.height, screen.height, rows, WINDOW_MIN_HEIGHT);
  const stepX = step(screen.width, width, columns);
  const stepY = step(screen.height, height, rows);
  const cells = Array.from({ length: count }, (_, i) => ({
    left: screen.left + (i % columns) * stepX,
    top: screen.top + Math.floor(i / columns) * stepY,
    width,
    height,
  }));
  return { columns, rows, cells };
}

/**
 * The number of columns whose cells hold the largest 16:10 window: for each choice, the window
 * of that shape that fits its cell, and the choice where that window is biggest (the fewer
 * columns on a tie).
 */
export function fittingColumns(count: number, screen: Pick<WindowBounds, 'width' | 'height'>): number {
  let best = 1;
  let bestSize = -1;
  for (let columns = 1; columns <= count; columns++) {
    const cellWidth = screen.width / columns;
    const cellHeight = screen.height / Math.ceil(count / columns);
    const size = Math.min(cellWidth / WINDOW_ASPECT, cellHeight);
    if (size > bestSize) {
      best = columns;
      bestSize = size;
    }
  }
  return best;
}

/** As many windows of the asked width as sit side by side on the screen (at least one). */
function columnsOfWidth(screenWidth: number, width: number): number {
  return Math.max(1, Math.floor(screenWidth / width));
}

/** The asked size, or the screen's share; never below Chromium's minimum nor beyond the screen. */
function windowSize(asked: number | undefined, screenSize: number, parts: number, minimum: number): number {
  const size = asked ?? Math.floor(screenSize / parts);
  return Math.max(minimum, Math.min(size, screenSize));
}

/** From one window's edge to the next: the window itself, or less (overlapping) where that many do not fit. */
function step(screenSize: number, size: number, parts: number): number {
  if (parts <= 1) return 0;
  return Math.max(0, Math.min(size, Math.floor((screenSize - size) / (parts - 1))));
}
