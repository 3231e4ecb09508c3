import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { createInflateRaw } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { inspectPackage, PACKAGE_LIMITS, type Refusal } from '@facet/plugin-package';
import { blackGreyscalePng, crc32OfZeros, deflatedZeros, pngDeclaring, writeZip, type ZipEntrySpec } from '@facet/plugin-package/testing';
import { inspectIcon } from '../src/pluginInspection/iconInspector.ts';
import { jpegHeaderDeclaring, solidImage } from './support/imageFixtures.ts';
import { measureCost, type Cost } from './support/measureCost.ts';

const MB = 1024 * 1024;
const GB = 1024 * MB;
const S_IFLNK = 0o120000;

const MANIFEST_V3 = {
  manifest_version: 3,
  name: 'Wallet Guard',
  version: '1.2.3',
  description: 'Warns before a page asks to sign a transaction.',
  content_scripts: [{ matches: ['<all_urls>'], js: ['content.js'] }],
};

function manifestEntry(manifest: unknown = MANIFEST_V3): ZipEntrySpec {
  return { name: 'manifest.json', data: Buffer.from(JSON.stringify(manifest)) };
}

const contentScript: ZipEntrySpec = { name: 'content.js', data: Buffer.from('console.log("guard");\n'.repeat(50)) };

/** A zip of a valid extension plus `extra` entries: each malicious package differs in one way. */
function extensionWith(...extra: ZipEntrySpec[]): Buffer {
  return writeZip([manifestEntry(), contentScript, ...extra]);
}

/** An upload stream that counts how much of it was pulled. */
function countingSource(bytes: Buffer, chunkSize = 64 * 1024): { source: AsyncIterable<Buffer>; pulled: () => number } {
  let pulled = 0;
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += chunkSize) {
      // A copy, as a network stream hands over fresh buffers: memory grows as they are kept.
      const chunk = Buffer.from(bytes.subarray(at, at + chunkSize));
      pulled += chunk.length;
      yield chunk;
    }
  }
  return { source: chunks(), pulled: () => pulled };
}

const asZip = { filename: 'plugin.zip', contentType: 'application/zip' };

/**
 * Refusals must come cheaply: memory far below what unpacking or decoding would take (a 1 GiB
 * bomb, a 256-megapixel image). Time is printed, not asserted: speed belongs in bench/, and a
 * loaded machine would make a time bound flaky without proving more than memory does.
 */
function expectCheap(label: string, cost: Cost): void {
  console.log(`[inspection cost] ${label}: ${cost.ms} ms, rss peak +${cost.rssPeakMB} MB, heap +${cost.heapMB} MB, arrayBuffers +${cost.arrayBuffersMB} MB`);
  expect(cost.rssPeakMB).toBeLessThan(64);
  expect(cost.arrayBuffersMB).toBeLessThan(64);
}

async function expectPackageRefused(label: string, zip: Buffer, code: string, declared = asZip): Promise<Refusal> {
  const { result, cost } = await measureCost(() => inspectPackage(Readable.from([zip]), declared));
  expect(result).toMatchObject({ ok: false, code });
  expectCheap(label, cost);
  return result as Refusal;
}

describe('inspectPackage accepts', () => {
  it('a valid MV3 extension and hashes exactly the uploaded bytes', async () => {
    const zip = writeZip([
      manifestEntry(),
      contentScript,
      { name: 'icons/', externalAttributes: (0o040755 << 16) >>> 0 },
      { name: 'icons/icon128.png', data: await solidImage(128, 128, 'png'), method: 0 },
    ]);
    const result = await inspectPackage(Readable.from([zip.subarray(0, 100), zip.subarray(100)]), asZip);
    expect(result).toMatchObject({
      ok: true,
      size: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
      manifest: { name: 'Wallet Guard', version: '1.2.3', manifestVersion: 3, description: MANIFEST_V3.description },
    });
    if (!result.ok) return;
    expect(result.bytes.equals(zip)).toBe(true);
    expect(result.files.map((file) => file.path)).toEqual(['manifest.json', 'content.js', 'icons/icon128.png']);
  });

  it('entries written with data descriptors (streaming zip writers) and a manifest with comments', async () => {
    const manifest = Buffer.from(`\uFEFF{ // written by hand\n "manifest_version": 3, "name": "A // B", "version": "0.1" /* beta */ }`);
    const zip = writeZip([
      { name: 'manifest.json', data: manifest, dataDescriptor: true },
      { ...contentScript, dataDescriptor: true },
    ]);
    const result = await inspectPackage(Readable.from([zip]), asZip);
    expect(result).toMatchObject({ ok: true, manifest: { name: 'A // B', version: '0.1' } });
  });

  it('a zip whose name and Content-Type are wrong: the bytes decide', async () => {
    const result = await inspectPackage(Readable.from([extensionWith()]), { filename: 'plugin.rar', contentType: 'text/plain' });
    expect(result.ok).toBe(true);
  });
});

describe('inspectPackage refuses zip bombs before unpacking', () => {
  it('a 1 GiB entry of deflated zeros (about 1 MB of zip)', async () => {
    const bomb = deflatedZeros(GB);
    const zip = writeZip([manifestEntry(), { name: 'payload.js', compressed: bomb, uncompressedSize: GB, crc32: crc32OfZeros(GB) }]);
    expect(zip.length).toBeLessThan(2 * MB);
    const refusal = await expectPackageRefused('zip bomb 1 GiB', zip, 'PACKAGE_TOO_BIG_UNCOMPRESSED');
    expect(refusal.detail).toMatchObject({ limit: PACKAGE_LIMITS.maxUncompressedBytes });
  });

  it('the bomb fixture is real: its entry truly inflates to 1 GiB', async () => {
    const inflater = createInflateRaw({ chunkSize: MB });
    let produced = 0;
    inflater.on('data', (chunk: Buffer) => (produced += chunk.length));
    await new Promise((resolve, reject) => {
      inflater.on('end', resolve);
      inflater.on('error', reject);
      inflater.end(deflatedZeros(GB));
    });
    expect(produced).toBe(GB);
  });

  it('4,000 tiny entries of zeros that add up to 4 GB: the count is refused from the end record', async () => {
    const kernel = deflatedZeros(MB);
    const entries: ZipEntrySpec[] = Array.from({ length: 4000 }, (_, i) => ({ name: `f${i}.js`, compressed: kernel, uncompressedSize: MB }));
    const refusal = await expectPackageRefused('4000 entries', writeZip([manifestEntry(), ...entries]), 'PACKAGE_TOO_MANY_ENTRIES');
    expect(refusal.detail).toMatchObject({ entries: 4001, limit: 2000 });
  });

  it('a central directory that lies, declaring 4 GB for a few bytes', async () => {
    const zip = extensionWith({ name: 'lie.js', data: Buffer.from('x'), uncompressedSize: 0xfffffffe });
    await expectPackageRefused('declared 4 GB', zip, 'PACKAGE_TOO_BIG_UNCOMPRESSED');
  });

  it('one entry inflating 1,000-fold within the total limit', async () => {
    const zip = extensionWith({ name: 'zeros.js', compressed: deflatedZeros(50 * MB), uncompressedSize: 50 * MB, crc32: crc32OfZeros(50 * MB) });
    const refusal = await expectPackageRefused('ratio 1000:1', zip, 'PACKAGE_RATIO');
    expect(refusal.detail).toMatchObject({ path: 'zeros.js', uncompressed: 50 * MB, limit: 100 });
  });

  it('a directory record reusing another entry\'s local header and data (overlap bomb)', async () => {
    const zip = writeZip([manifestEntry(), contentScript, { ...contentScript, name: 'again.js', localOffsetOverride: 0 }]);
    const refusal = await expectPackageRefused('overlapping entries', zip, 'PACKAGE_CORRUPT');
    expect(refusal.detail).toMatchObject({ reason: 'local-name-differs', entry: 2 });
  });

  it('data between entries that no directory record accounts for', async () => {
    const zip = writeZip([manifestEntry(), contentScript], { smuggledBeforeDirectory: Buffer.alloc(1000) });
    const refusal = await expectPackageRefused('gap before directory', zip, 'PACKAGE_CORRUPT');
    expect(refusal.detail).toMatchObject({ reason: 'unlisted-data' });
  });
});

describe('inspectPackage refuses dangerous entries', () => {
  it('../evil.js', async () => {
    const refusal = await expectPackageRefused('../evil.js', extensionWith({ name: '../evil.js', data: Buffer.from('steal()') }), 'PACKAGE_BAD_PATH');
    expect(refusal.detail).toMatchObject({ reason: 'parent-segment', path: '../evil.js' });
  });

  it.each([
    ['/etc/cron.d/evil', 'absolute'],
    ['C:/Users/x/evil.js', 'colon-or-drive-letter'],
    ['js\\..\\..\\evil.js', 'backslash'],
    ['js/./evil.js', 'empty-segment'],
    ['evil.js\u0000.png', 'control-character'],
    ['evil.js.', 'trailing-dot-or-space'],
    ['aux.js', 'windows-device-name'],
    ['evil\u202Egnp.js', 'control-character'],
  ])('the path %j (%s)', async (name, reason) => {
    const refusal = await expectPackageRefused(`path ${reason}`, extensionWith({ name, data: Buffer.from('x') }), 'PACKAGE_BAD_PATH');
    expect(refusal.detail).toMatchObject({ reason });
  });

  it('a non-ASCII name without the UTF-8 flag', async () => {
    const zip = extensionWith({ name: Buffer.from([0x8e, 0x2e, 0x6a, 0x73]), data: Buffer.from('x') });
    await expectPackageRefused('undeclared encoding', zip, 'PACKAGE_BAD_PATH');
  });

  it('a symlink entry', async () => {
    const zip = extensionWith({ name: 'keys.js', data: Buffer.from('/home/user/.config/wallet'), method: 0, externalAttributes: ((S_IFLNK | 0o777) << 16) >>> 0 });
    const refusal = await expectPackageRefused('symlink', zip, 'PACKAGE_LINK');
    expect(refusal.detail).toMatchObject({ path: 'keys.js' });
  });

  it('a FIFO entry', async () => {
    const zip = extensionWith({ name: 'pipe', data: Buffer.alloc(0), externalAttributes: ((0o010644 << 16) >>> 0) });
    await expectPackageRefused('fifo', zip, 'PACKAGE_SPECIAL_FILE');
  });

  it('a nested .zip', async () => {
    const inner = extensionWith();
    const refusal = await expectPackageRefused('nested .zip', extensionWith({ name: 'lib/inner.zip', data: inner }), 'PACKAGE_NESTED_ARCHIVE');
    expect(refusal.detail).toMatchObject({ path: 'lib/inner.zip' });
  });

  it('a nested zip hiding under another name, found by its magic bytes', async () => {
    const zip = extensionWith({ name: 'lib/data.bin', data: extensionWith() });
    const refusal = await expectPackageRefused('nested zip by magic', zip, 'PACKAGE_NESTED_ARCHIVE');
    expect(refusal.detail).toMatchObject({ path: 'lib/data.bin', detected: 'zip' });
  });

  it('an encrypted entry', async () => {
    const zip = extensionWith({ name: 'secret.js', data: Buffer.from('encrypted?'), flags: 0x0801 });
    await expectPackageRefused('encrypted', zip, 'PACKAGE_ENCRYPTED');
  });

  it('a manifest that inflates to more than its header declares', async () => {
    const big = Buffer.from(JSON.stringify({ ...MANIFEST_V3, description: 'x'.repeat(100), padding: 'y'.repeat(5000) }));
    const zip = writeZip([{ name: 'manifest.json', data: big, uncompressedSize: 200 }, contentScript]);
    const refusal = await expectPackageRefused('lying manifest size', zip, 'PACKAGE_SIZE_MISMATCH');
    expect(refusal.detail).toMatchObject({ path: 'manifest.json', declared: 200 });
  });

  it('a file whose content does not match its CRC', async () => {
    await expectPackageRefused('crc mismatch', extensionWith({ name: 'x.js', data: Buffer.from('a'), crc32: 1234 }), 'PACKAGE_CORRUPT');
  });

  it('a local entry hidden between the listed entries and the directory', async () => {
    const hidden = writeZip([{ name: 'evil.js', data: Buffer.from('steal()') }]);
    const zip = writeZip([manifestEntry(), contentScript], { smuggledBeforeDirectory: hidden.subarray(0, hidden.indexOf(Buffer.from([0x50, 0x4b, 1, 2]))) });
    const refusal = await expectPackageRefused('hidden local entry', zip, 'PACKAGE_CORRUPT');
    expect(refusal.detail).toMatchObject({ reason: 'unlisted-data' });
  });

  it('two names that are one file on Windows and macOS', async () => {
    await expectPackageRefused('case duplicate', extensionWith({ name: 'Content.js', data: Buffer.from('x') }), 'PACKAGE_DUPLICATE_ENTRY');
  });

  it('a compression method Chromium cannot read', async () => {
    const zip = extensionWith({ name: 'x.js', data: Buffer.from('x'), method: 12, compressed: Buffer.from('BZh') });
    await expectPackageRefused('bzip2 method', zip, 'PACKAGE_UNSUPPORTED');
  });
});

describe('inspectPackage refuses by content, not by name', () => {
  it('a .crx (Cr24) with a message to unpack and re-zip, reading only its first bytes', async () => {
    const header = Buffer.alloc(12);
    header.write('Cr24', 0, 'latin1');
    header.writeUInt32LE(3, 4);
    header.writeUInt32LE(0, 8);
    const crx = Buffer.concat([header, extensionWith(), Buffer.alloc(5 * MB)]);
    const { source, pulled } = countingSource(crx);
    const { result, cost } = await measureCost(() => inspectPackage(source, { filename: 'wallet.crx', contentType: 'application/x-chrome-extension' }));
    expect(result).toMatchObject({ ok: false, code: 'PACKAGE_IS_CRX', detail: { remedy: 'unpack-and-zip-folder' } });
    expect(pulled()).toBeLessThanOrEqual(64 * 1024);
    expectCheap('crx', cost);
  });

  it('a text file named .zip sent as application/zip (lying Content-Type)', async () => {
    const text = Buffer.from('this is not a zip at all\n'.repeat(1000));
    const refusal = await expectPackageRefused('text as zip', text, 'PACKAGE_NOT_ZIP', { filename: 'plugin.zip', contentType: 'application/zip' });
    expect(refusal.detail).toMatchObject({ detected: 'unknown', filename: 'plugin.zip', declaredType: 'application/zip' });
  });

  it('a RAR named .zip', async () => {
    const rar = Buffer.concat([Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1'), Buffer.alloc(1000)]);
    const refusal = await expectPackageRefused('rar as zip', rar, 'PACKAGE_NOT_ZIP');
    expect(refusal.detail).toMatchObject({ detected: 'rar' });
  });

  it('a 21 MB stream, stopping just past 20 MB without reading the rest', async () => {
    const upload = Buffer.concat([extensionWith(), Buffer.alloc(21 * MB)]);
    const { source, pulled } = countingSource(upload);
    const stream = Readable.from(source, { objectMode: false });
    const { result, cost } = await measureCost(() => inspectPackage(stream, asZip));
    expect(result).toMatchObject({ ok: false, code: 'PACKAGE_TOO_LARGE', detail: { limit: 20 * MB } });
    expect(stream.destroyed).toBe(true);
    // The chunk that crossed the limit, plus one the Readable had already buffered ahead.
    expect(pulled()).toBeLessThanOrEqual(20 * MB + 2 * 64 * 1024);
    expect(pulled()).toBeLessThan(upload.length);
    expectCheap('21 MB stream', cost);
  });

  it('an empty upload', async () => {
    await expectPackageRefused('empty upload', Buffer.alloc(0), 'PACKAGE_NOT_ZIP');
  });
});

describe('inspectPackage refuses bad manifests', () => {
  it('no manifest.json at the root, saying where it was found', async () => {
    const zip = writeZip([{ ...manifestEntry(), name: 'wallet-guard/manifest.json' }, { ...contentScript, name: 'wallet-guard/content.js' }]);
    const refusal = await expectPackageRefused('manifest in a folder', zip, 'PACKAGE_NO_MANIFEST');
    expect(refusal.detail).toEqual({ foundAt: 'wallet-guard/manifest.json' });
  });

  it('Manifest V2, which current Chromium will not load', async () => {
    await expectPackageRefused('mv2', writeZip([manifestEntry({ ...MANIFEST_V3, manifest_version: 2 }), contentScript]), 'PACKAGE_MV2');
  });

  it.each([
    ['not JSON', Buffer.from('{ manifest_version: 3')],
    ['no name', Buffer.from(JSON.stringify({ manifest_version: 3, version: '1.0' }))],
    ['a version with a leading zero', Buffer.from(JSON.stringify({ ...MANIFEST_V3, version: '1.02' }))],
    ['a version part above 65535', Buffer.from(JSON.stringify({ ...MANIFEST_V3, version: '1.65536' }))],
    ['five version parts', Buffer.from(JSON.stringify({ ...MANIFEST_V3, version: '1.2.3.4.5' }))],
    ['manifest_version 4', Buffer.from(JSON.stringify({ ...MANIFEST_V3, manifest_version: 4 }))],
  ])('%s', async (label, manifest) => {
    await expectPackageRefused(`manifest: ${label}`, writeZip([{ name: 'manifest.json', data: manifest }, contentScript]), 'PACKAGE_BAD_MANIFEST');
  });
});

describe('inspectIcon', () => {
  async function expectIconRefused(label: string, bytes: Buffer, code: string, declared = { filename: 'icon.png', contentType: 'image/png' }) {
    const { result, cost } = await measureCost(() => inspectIcon(bytes, declared));
    expect(result).toMatchObject({ ok: false, code });
    expectCheap(label, cost);
    return result as Refusal;
  }

  it.each(['png', 'jpeg'] as const)('accepts a 64×64 %s and re-encodes it to a 128×128 PNG', async (format) => {
    const result = await inspectIcon(await solidImage(64, 64, format), { filename: `icon.${format}` });
    expect(result).toMatchObject({ ok: true, width: 64, height: 64 });
    if (!result.ok) return;
    const stored = await sharp(result.png).metadata();
    expect(stored).toMatchObject({ format: 'png', width: 128, height: 128 });
    expect(result.sha256).toBe(createHash('sha256').update(result.png).digest('hex'));
  });

  it('refuses a real 16000×16000 pixel-flood PNG of a few hundred KB from its header', async () => {
    const flood = blackGreyscalePng(16000, 16000);
    expect(flood.length).toBeLessThan(MB);
    // What a decoder would face: sharp's own header reading agrees it is 256 megapixels.
    expect(await sharp(flood).metadata()).toMatchObject({ format: 'png', width: 16000, height: 16000 });
    const refusal = await expectIconRefused('pixel flood PNG 16000x16000', flood, 'ICON_PIXEL_FLOOD');
    expect(refusal.detail).toMatchObject({ width: 16000, height: 16000 });
  });

  it('refuses a JPEG flood even behind an EXIF thumbnail that looks like 64×64', async () => {
    const refusal = await expectIconRefused('pixel flood JPEG', jpegHeaderDeclaring(16000, 16000), 'ICON_PIXEL_FLOOD', { filename: 'icon.jpg', contentType: 'image/jpeg' });
    expect(refusal.detail).toMatchObject({ width: 16000, height: 16000 });
  });

  it('refuses an SVG named .png sent as image/png', async () => {
    const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>');
    const refusal = await expectIconRefused('svg as png', svg, 'ICON_NOT_IMAGE');
    expect(refusal.detail).toMatchObject({ detected: 'svg', filename: 'icon.png', declaredType: 'image/png' });
  });

  it('refuses a GIF named .jpg', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(100)]);
    await expectIconRefused('gif as jpg', gif, 'ICON_NOT_IMAGE');
  });

  it('refuses 40×40 as too small', async () => {
    const refusal = await expectIconRefused('40x40', await solidImage(40, 40, 'png'), 'ICON_TOO_SMALL');
    expect(refusal.detail).toMatchObject({ width: 40, height: 40, minimum: 60 });
  });

  it('refuses 100×60 as not square', async () => {
    const refusal = await expectIconRefused('100x60', await solidImage(100, 60, 'jpeg'), 'ICON_NOT_SQUARE');
    expect(refusal.detail).toMatchObject({ width: 100, height: 60 });
  });

  it('refuses a file over 1 MB before looking inside', async () => {
    await expectIconRefused('icon over 1 MB', Buffer.alloc(MB + 1), 'ICON_TOO_LARGE');
  });

  it('refuses a PNG whose header size disagrees with its data', async () => {
    await expectIconRefused('png header lies', pngDeclaring(64, 64), 'ICON_CORRUPT');
  });

  it('refuses a truncated PNG header', async () => {
    await expectIconRefused('truncated png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'ICON_CORRUPT');
  });
});
