import type { CSSProperties } from 'react';
import { textWidth } from './textWidth.ts';

/** The actions cell's own padding: half of antd's 16 px, which the buttons' padding makes up for. */
const ACTION_CELL_PADDING = 8;
/** A small link button's padding and border around its text (7 + 1 px on each side). */
const BUTTON_EXTRA = 16;
/** The icon-only "More" button of a row. */
const MORE_BUTTON = 24;

/** Style for the actions column's cells, header and body: `onCell` and `onHeaderCell` give it. */
export const actionCellStyle: CSSProperties = { paddingInline: ACTION_CELL_PADDING };

/**
 * A table's actions column as wide as its link buttons and its "More" are in the language shown
 * (cells styled with `actionCellStyle`): a fixed width cut "Cookies verwalten" and pushed "More"
 * past the table's edge (issue 36).
 */
export function actionColumnWidth(labels: readonly string[], more = true): number {
  return 2 * ACTION_CELL_PADDING + labels.reduce((sum, label) => sum + textWidth(label) + BUTTON_EXTRA, 0) + (more ? MORE_BUTTON : 0) + 2;
}
