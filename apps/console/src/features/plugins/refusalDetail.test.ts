import { Code } from '@facet/contracts';
import { describe, expect, it } from 'vitest';
import { isUploadRefusal, refusalDetail, refusalField } from './refusalDetail.ts';

const bytes = (n: number) => `${n} B`;
const MB = 1024 * 1024;

describe('isUploadRefusal and refusalField', () => {
  it('covers 1400–1429 and tells package refusals from icon ones', () => {
    expect(isUploadRefusal(Code.PLUGIN_PACKAGE_TOO_LARGE)).toBe(true);
    expect(isUploadRefusal(Code.PLUGIN_ICON_NOT_SQUARE)).toBe(true);
    expect(isUploadRefusal(Code.INVALID_INPUT)).toBe(false);
    expect(isUploadRefusal(Code.MAIN_ACCOUNT_ONLY)).toBe(false);
    expect(refusalField(Code.PLUGIN_PACKAGE_MV2)).toBe('package');
    expect(refusalField(Code.PLUGIN_ICON_TOO_SMALL)).toBe('icon');
    expect(refusalField(Code.NOT_FOUND)).toBeNull();
  });
});

describe('refusalDetail', () => {
  it('says how much arrived against the limit', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_TOO_LARGE, { limit: 20 * MB, receivedAtLeast: 21 * MB }, bytes)).toEqual([
      { key: 'plugins.detail.receivedOverLimit', values: { received: `${21 * MB} B`, limit: `${20 * MB} B` } },
    ]);
    expect(refusalDetail(Code.PLUGIN_ICON_TOO_LARGE, { size: MB + 5, limit: MB }, bytes)).toEqual([{ key: 'plugins.detail.receivedOverLimit', values: { received: `${MB + 5} B`, limit: `${MB} B` } }]);
    expect(refusalDetail(Code.PLUGIN_ICON_TOO_LARGE, { limit: MB, receivedAtLeast: 0 }, bytes)).toEqual([{ key: 'plugins.detail.limit', values: { limit: `${MB} B` } }]);
  });

  it('names what the bytes really are, the file name and the declared type', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_NOT_ZIP, { detected: 'png', filename: 'plugin.zip', declaredType: 'application/zip' }, bytes)).toEqual([
      { key: 'plugins.detail.detected', values: { format: 'PNG' } },
      { key: 'plugins.detail.filename', values: { name: 'plugin.zip' } },
      { key: 'plugins.detail.declaredType', values: { type: 'application/zip' } },
    ]);
    expect(refusalDetail(Code.PLUGIN_ICON_NOT_IMAGE, { detected: 'unknown', filename: '', declaredType: '' }, bytes)).toEqual([{ key: 'plugins.detail.detectedUnknown' }]);
  });

  it('explains how to turn a .crx into an accepted zip', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_IS_CRX, { filename: 'w.crx', remedy: 'unpack-and-zip-folder' }, bytes)).toEqual([
      { key: 'plugins.detail.filename', values: { name: 'w.crx' } },
      { key: 'plugins.detail.crxRemedy' },
    ]);
  });

  it('points at the entry, by path or by its number in the archive', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_PATH, { reason: 'parent-segment', path: '../evil.js' }, bytes)).toEqual([
      { key: 'plugins.detail.entry', values: { path: '../evil.js' } },
      { key: 'plugins.detail.path.parent-segment' },
    ]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_PATH, { reason: 'invalid-utf8', entry: 4 }, bytes)).toEqual([
      { key: 'plugins.detail.entryNumber', values: { number: 5 } },
      { key: 'plugins.detail.reason', values: { reason: 'invalid-utf8' } },
    ]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_CORRUPT, { reason: 'crc-mismatch', path: 'a.js' }, bytes)).toEqual([
      { key: 'plugins.detail.entry', values: { path: 'a.js' } },
      { key: 'plugins.detail.reason', values: { reason: 'crc-mismatch' } },
      { key: 'plugins.detail.rezip' },
    ]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_NESTED_ARCHIVE, { path: 'lib/x.zip', detected: 'zip' }, bytes)).toEqual([
      { key: 'plugins.detail.entry', values: { path: 'lib/x.zip' } },
      { key: 'plugins.detail.detected', values: { format: 'ZIP' } },
    ]);
  });

  it('says where manifest.json was when the folder itself was zipped', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_NO_MANIFEST, { foundAt: 'guard/manifest.json' }, bytes)).toEqual([{ key: 'plugins.detail.manifestFoundAt', values: { path: 'guard/manifest.json' } }]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_NO_MANIFEST, {}, bytes)).toEqual([{ key: 'plugins.detail.manifestMissing' }]);
  });

  it('words each manifest problem with its values', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_MANIFEST, { reason: 'version-format', found: '1.0.0-beta' }, bytes)).toEqual([{ key: 'plugins.detail.manifest.version-format', values: { found: '1.0.0-beta' } }]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_MANIFEST, { reason: 'name-too-long', length: 80, limit: 75 }, bytes)).toEqual([{ key: 'plugins.detail.manifest.name-too-long', values: { length: 80, limit: 75 } }]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_MANIFEST, { reason: 'too-large', declared: 2 * MB, limit: MB }, bytes)).toEqual([{ key: 'plugins.detail.manifest.too-large', values: { size: `${2 * MB} B`, limit: `${MB} B` } }]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_MANIFEST, { reason: 'not-json', cause: 'Unexpected token' }, bytes)).toEqual([{ key: 'plugins.detail.manifest.not-json', values: {} }]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_BAD_MANIFEST, { reason: 'something-new' }, bytes)).toEqual([{ key: 'plugins.detail.reason', values: { reason: 'something-new' } }]);
  });

  it('gives the measured size of a refused icon', () => {
    expect(refusalDetail(Code.PLUGIN_ICON_TOO_SMALL, { width: 40, height: 40, minimum: 60 }, bytes)).toEqual([
      { key: 'plugins.detail.dimensions', values: { width: 40, height: 40 } },
      { key: 'plugins.detail.minimum', values: { minimum: 60 } },
    ]);
    expect(refusalDetail(Code.PLUGIN_ICON_NOT_SQUARE, { width: 120, height: 60 }, bytes)).toEqual([{ key: 'plugins.detail.dimensions', values: { width: 120, height: 60 } }]);
    expect(refusalDetail(Code.PLUGIN_ICON_PIXEL_FLOOD, { width: 16000, height: 16000, limit: 16777216 }, bytes)).toEqual([{ key: 'plugins.detail.dimensions', values: { width: 16000, height: 16000 } }]);
  });

  it('leaves out detail that is missing or malformed, and has none for other codes', () => {
    expect(refusalDetail(Code.PLUGIN_PACKAGE_TOO_LARGE, null, bytes)).toEqual([]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_TOO_MANY_ENTRIES, { entries: '5000', limit: 2000 }, bytes)).toEqual([]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_LINK, ['not', 'an', 'object'], bytes)).toEqual([]);
    expect(refusalDetail(Code.PLUGIN_ICON_NOT_SQUARE, { width: 120 }, bytes)).toEqual([]);
    expect(refusalDetail(Code.NOT_FOUND, { path: 'x' }, bytes)).toEqual([]);
    expect(refusalDetail(Code.PLUGIN_PACKAGE_MV2, { manifestVersion: 2 }, bytes)).toEqual([{ key: 'plugins.detail.mv2' }]);
  });
});
