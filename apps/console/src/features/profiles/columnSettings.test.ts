import { describe, expect, it } from 'vitest';
import { configurableColumns, defaultColumnSettings, moveColumn, sanitizeColumnSettings } from './columnSettings.ts';

describe('column settings', () => {
  it('start with every column, the default ones shown', () => {
    const settings = defaultColumnSettings();
    expect(settings.map((s) => s.key)).toEqual([...configurableColumns]);
    expect(settings.filter((s) => s.visible).map((s) => s.key)).toEqual(['serial', 'name', 'group', 'proxy', 'os']);
  });

  it('read back what was stored, safely, with new columns added at the end', () => {
    const stored = [
      { key: 'proxy', visible: true, width: 5000 },
      { key: 'name', visible: false, width: 10 },
      { key: 'name', visible: true },
      { key: 'nonsense', visible: true },
      'garbage',
    ];
    const settings = sanitizeColumnSettings(stored);
    expect(settings.slice(0, 2)).toEqual([
      { key: 'proxy', visible: true, width: 600 },
      { key: 'name', visible: false, width: 50 },
    ]);
    expect(settings.map((s) => s.key).sort()).toEqual([...configurableColumns].sort());
    expect(sanitizeColumnSettings('not a list')).toEqual(defaultColumnSettings());
  });

  it('move a column up or down, not past either end', () => {
    const settings = defaultColumnSettings();
    expect(moveColumn(settings, 'name', -1).map((s) => s.key).slice(0, 2)).toEqual(['name', 'serial']);
    expect(moveColumn(settings, 'serial', -1)).toEqual(settings);
    expect(moveColumn(settings, 'members', 1)).toEqual(settings);
  });
});
