/**
 * Which columns of the browser list show, in which order and how wide: the person's choice, kept
 * per account in this browser. The launch control and the actions are not in it: they always
 * show, at the start and the end.
 */
export const configurableColumns = ['serial', 'name', 'group', 'proxy', 'os', 'remark', 'lastUsedAt', 'members'] as const;
export type ColumnKey = (typeof configurableColumns)[number];

export interface ColumnSetting {
  key: ColumnKey;
  visible: boolean;
  /** Pixels; null keeps the column's default. */
  width: number | null;
}

/**
 * Widths the list starts with, chosen so the default columns fit a 1280-pixel screen beside the
 * expanded side menu in every language: the actions column grows with its labels (German's are
 * the longest), so the proxy's gives some of its room.
 */
export const defaultWidths: Record<ColumnKey, number> = { serial: 72, name: 160, group: 112, proxy: 144, os: 88, remark: 180, lastUsedAt: 170, members: 96 };
const shownByDefault = new Set<ColumnKey>(['serial', 'name', 'group', 'proxy', 'os']);

export const MIN_COLUMN_WIDTH = 50;
export const MAX_COLUMN_WIDTH = 600;

export function defaultColumnSettings(): ColumnSetting[] {
  return configurableColumns.map((key) => ({ key, visible: shownByDefault.has(key), width: null }));
}

/**
 * What was stored, made safe: unknown keys and duplicates dropped, widths kept within bounds,
 * and columns this console has that the stored list lacks added at the end with their defaults.
 */
export function sanitizeColumnSettings(stored: unknown): ColumnSetting[] {
  if (!Array.isArray(stored)) return defaultColumnSettings();
  const seen = new Set<ColumnKey>();
  const kept: ColumnSetting[] = [];
  for (const item of stored as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { key, visible, width } = item as Partial<ColumnSetting>;
    if (!configurableColumns.includes(key as ColumnKey) || seen.has(key as ColumnKey)) continue;
    seen.add(key as ColumnKey);
    const fine = typeof width === 'number' && Number.isFinite(width) ? Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width))) : null;
    kept.push({ key: key as ColumnKey, visible: visible !== false, width: fine });
  }
  for (const fresh of defaultColumnSettings()) if (!seen.has(fresh.key)) kept.push(fresh);
  return kept;
}

/** Moves a column one place up (-1) or down (+1); at either end nothing changes. */
export function moveColumn(settings: readonly ColumnSetting[], key: ColumnKey, by: -1 | 1): ColumnSetting[] {
  const from = settings.findIndex((s) => s.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= settings.length) return [...settings];
  const next = [...settings];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
