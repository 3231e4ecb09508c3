import { describe, expect, it } from 'vitest';
import { extensionOf, precheckIcon, precheckPackage, sniffKind } from './pluginFiles.ts';

const MB = 1024 * 1024;
const bytes = (n: number) => `${n} B`;
const head = (...values: number[]) => new Uint8Array(values);
const ZIP = head(0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0);
const EMPTY_ZIP = head(0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0);
const CRX = head(0x43, 0x72, 0x32, 0x34, 0x03, 0, 0, 0);
const PNG = head(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const JPEG = head(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46);
const GIF = head(0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0);

describe('sniffKind', () => {
  it('tells a zip, a packed extension and the two icon formats by their first bytes', () => {
    expect(sniffKind(ZIP)).toBe('zip');
    expect(sniffKind(EMPTY_ZIP)).toBe('zip');
    expect(sniffKind(CRX)).toBe('crx');
    expect(sniffKind(PNG)).toBe('png');
    expect(sniffKind(JPEG)).toBe('jpeg');
    expect(sniffKind(GIF)).toBe('other');
    expect(sniffKind(head())).toBe('other');
    expect(sniffKind(head(0x50, 0x4b))).toBe('other');
  });
});

describe('extensionOf', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('Wallet.Guard.ZIP')).toBe('zip');
    expect(extensionOf('icon.jpeg')).toBe('jpeg');
    expect(extensionOf('README')).toBe('');
  });
});

describe('precheckPackage', () => {
  it('lets a zip of up to 20 MB through', () => {
    expect(precheckPackage({ name: 'guard.zip', size: 20 * MB }, ZIP, bytes)).toBeNull();
    expect(precheckPackage({ name: 'GUARD.ZIP', size: 1000 }, null, bytes)).toBeNull();
  });

  it('gives a .crx its own advice, by name or by content', () => {
    expect(precheckPackage({ name: 'guard.crx', size: 1000 }, null, bytes)).toEqual({ key: 'plugins.check.packageIsCrx' });
    expect(precheckPackage({ name: 'guard.zip', size: 1000 }, CRX, bytes)).toEqual({ key: 'plugins.check.packageIsCrx' });
  });

  it('refuses other names, an empty file, more than 20 MB and a non-zip named .zip', () => {
    expect(precheckPackage({ name: 'guard.rar', size: 1000 }, null, bytes)).toEqual({ key: 'plugins.check.packageNotZip', values: { name: 'guard.rar' } });
    expect(precheckPackage({ name: 'guard.zip', size: 0 }, null, bytes)).toEqual({ key: 'plugins.check.fileEmpty', values: { name: 'guard.zip' } });
    expect(precheckPackage({ name: 'guard.zip', size: 20 * MB + 1 }, ZIP, bytes)).toEqual({
      key: 'plugins.check.packageTooLarge',
      values: { size: `${20 * MB + 1} B`, limit: `${20 * MB} B` },
    });
    expect(precheckPackage({ name: 'guard.zip', size: 1000 }, PNG, bytes)).toEqual({ key: 'plugins.check.packageContentNotZip', values: { name: 'guard.zip' } });
  });
});

describe('precheckIcon', () => {
  it('lets a square PNG or JPEG of at least 60×60 and at most 1 MB through', () => {
    expect(precheckIcon({ name: 'icon.png', size: MB }, PNG, { width: 60, height: 60 }, bytes)).toBeNull();
    expect(precheckIcon({ name: 'icon.JPG', size: 5000 }, JPEG, { width: 128, height: 128 }, bytes)).toBeNull();
    expect(precheckIcon({ name: 'icon.jpeg', size: 5000 }, null, null, bytes)).toBeNull();
  });

  it('refuses other names, an empty file, more than 1 MB and a non-image named .png', () => {
    expect(precheckIcon({ name: 'icon.gif', size: 5000 }, GIF, null, bytes)?.key).toBe('plugins.check.iconType');
    expect(precheckIcon({ name: 'icon.svg', size: 5000 }, null, null, bytes)?.key).toBe('plugins.check.iconType');
    expect(precheckIcon({ name: 'icon.png', size: 0 }, null, null, bytes)?.key).toBe('plugins.check.fileEmpty');
    expect(precheckIcon({ name: 'icon.png', size: MB + 1 }, PNG, null, bytes)).toEqual({ key: 'plugins.check.iconTooLarge', values: { size: `${MB + 1} B`, limit: `${MB} B` } });
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, GIF, null, bytes)?.key).toBe('plugins.check.iconContentNotImage');
  });

  it('says the measured size when the icon is too small or not square', () => {
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, PNG, { width: 59, height: 59 }, bytes)).toEqual({ key: 'plugins.check.iconTooSmall', values: { width: 59, height: 59, minimum: 60 } });
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, PNG, { width: 120, height: 60 }, bytes)).toEqual({ key: 'plugins.check.iconNotSquare', values: { width: 120, height: 60 } });
    // Too small wins over not square: fixing the size is the first thing to do.
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, PNG, { width: 80, height: 40 }, bytes)?.key).toBe('plugins.check.iconTooSmall');
  });

  it('refuses a header declaring more than 4096×4096 pixels as a pixel flood', () => {
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, PNG, { width: 4096, height: 4096 }, bytes)).toBeNull();
    expect(precheckIcon({ name: 'icon.png', size: 5000 }, PNG, { width: 16000, height: 16000 }, bytes)).toEqual({ key: 'code.pluginIconPixelFlood' });
  });
});
