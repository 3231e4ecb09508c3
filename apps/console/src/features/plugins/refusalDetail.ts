import { Code } from '@facet/contracts';
import type { BytesFormat, PluginProblem } from './pluginFiles.ts';

/**
 * The upload's refusals (1400–1429, docs/api.md "Plugins") carry the inspector's detail as
 * `data`: the entry, the size, the limit, where manifest.json was. The message of the code says
 * what is wrong; these lines say where, so a person can fix that one thing.
 */

const FIRST_REFUSAL = 1400;
const LAST_REFUSAL = 1429;
const FIRST_ICON_REFUSAL = 1420;

export function isUploadRefusal(code: number): boolean {
  return code >= FIRST_REFUSAL && code <= LAST_REFUSAL;
}

/** The form field a refusal is about. */
export function refusalField(code: number): 'package' | 'icon' | null {
  if (!isUploadRefusal(code)) return null;
  return code >= FIRST_ICON_REFUSAL ? 'icon' : 'package';
}

/** Names of the formats the inspectors detect, as people know them. */
const formatNames: Record<string, string> = {
  zip: 'ZIP',
  'empty-zip': 'ZIP',
  crx: 'CRX',
  rar: 'RAR',
  '7z': '7z',
  gzip: 'gzip',
  bzip2: 'bzip2',
  xz: 'xz',
  zstd: 'Zstandard',
  tar: 'tar',
  cab: 'CAB',
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  svg: 'SVG',
};

/** Path reasons (zipEntryPath) worth their own sentence; others show as a technical reason. */
const pathReasons = new Set([
  'parent-segment',
  'absolute',
  'backslash',
  'colon-or-drive-letter',
  'control-character',
  'trailing-dot-or-space',
  'windows-device-name',
  'non-ascii-name-without-utf8-flag',
  'too-long',
]);

/** Manifest reasons (extensionManifest, packageInspector) with their own sentence. */
const manifestReasons = new Set([
  'not-json',
  'not-an-object',
  'manifest-version',
  'name-missing',
  'name-too-long',
  'version-missing',
  'version-format',
  'description-not-text',
  'description-too-long',
  'too-large',
]);

type Detail = Record<string, unknown>;

const asDetail = (data: unknown): Detail => (typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Detail) : {});
const text = (detail: Detail, name: string): string | null => (typeof detail[name] === 'string' && detail[name] !== '' ? (detail[name] as string) : null);
const count = (detail: Detail, name: string): number | null => (typeof detail[name] === 'number' && Number.isFinite(detail[name]) ? (detail[name] as number) : null);

function sizeLine(detail: Detail, bytes: BytesFormat): PluginProblem[] {
  const limit = count(detail, 'limit');
  const received = count(detail, 'receivedAtLeast') ?? count(detail, 'size');
  if (limit === null) return [];
  // 0 received: the stream broke off before its size was known; the limit is still worth saying.
  if (received === null || received === 0) return [{ key: 'plugins.detail.limit', values: { limit: bytes(limit) } }];
  return [{ key: 'plugins.detail.receivedOverLimit', values: { received: bytes(received), limit: bytes(limit) } }];
}

function detectedLines(detail: Detail): PluginProblem[] {
  const lines: PluginProblem[] = [];
  const detected = text(detail, 'detected');
  if (detected !== null) {
    const format = formatNames[detected];
    lines.push(format ? { key: 'plugins.detail.detected', values: { format } } : { key: 'plugins.detail.detectedUnknown' });
  }
  const filename = text(detail, 'filename');
  if (filename !== null) lines.push({ key: 'plugins.detail.filename', values: { name: filename } });
  const declaredType = text(detail, 'declaredType');
  if (declaredType !== null) lines.push({ key: 'plugins.detail.declaredType', values: { type: declaredType } });
  return lines;
}

/** The entry a refusal names, by path, else by its place in the archive (`entry`, 0-based). */
function entryLine(detail: Detail): PluginProblem[] {
  const path = text(detail, 'path');
  if (path !== null) return [{ key: 'plugins.detail.entry', values: { path } }];
  const index = count(detail, 'entry');
  return index === null ? [] : [{ key: 'plugins.detail.entryNumber', values: { number: index + 1 } }];
}

function reasonLine(detail: Detail): PluginProblem[] {
  const reason = text(detail, 'reason');
  return reason === null ? [] : [{ key: 'plugins.detail.reason', values: { reason } }];
}

function dimensionsLine(detail: Detail): PluginProblem[] {
  const width = count(detail, 'width');
  const height = count(detail, 'height');
  return width === null || height === null ? [] : [{ key: 'plugins.detail.dimensions', values: { width, height } }];
}

const rezip: PluginProblem = { key: 'plugins.detail.rezip' };

function badManifest(detail: Detail, bytes: BytesFormat): PluginProblem[] {
  const reason = text(detail, 'reason');
  if (reason === null || !manifestReasons.has(reason)) return reasonLine(detail);
  const values: Record<string, string | number> = {};
  const found = text(detail, 'found');
  const length = count(detail, 'length');
  const limit = count(detail, 'limit');
  const declared = count(detail, 'declared');
  if (reason === 'manifest-version' || reason === 'version-format') values.found = found ?? '';
  if (reason === 'name-too-long' || reason === 'description-too-long') Object.assign(values, { length: length ?? 0, limit: limit ?? 0 });
  if (reason === 'too-large') Object.assign(values, { size: bytes(declared ?? 0), limit: bytes(limit ?? 0) });
  return [{ key: `plugins.detail.manifest.${reason}`, values }];
}

/**
 * The lines that go under a refusal's message: each a `plugins.detail.…` key with its values.
 * Detail fields a code does not carry, or that are missing or malformed, are left out rather
 * than shown empty; a code without detail gives no lines (its message says it all).
 */
export function refusalDetail(code: number, data: unknown, bytes: BytesFormat): PluginProblem[] {
  const detail = asDetail(data);
  switch (code) {
    case Code.PLUGIN_PACKAGE_TOO_LARGE:
    case Code.PLUGIN_ICON_TOO_LARGE:
      return sizeLine(detail, bytes);
    case Code.PLUGIN_PACKAGE_NOT_ZIP:
    case Code.PLUGIN_ICON_NOT_IMAGE:
      return detectedLines(detail);
    case Code.PLUGIN_PACKAGE_IS_CRX: {
      const filename = text(detail, 'filename');
      return [...(filename !== null ? [{ key: 'plugins.detail.filename', values: { name: filename } }] : []), { key: 'plugins.detail.crxRemedy' }];
    }
    case Code.PLUGIN_PACKAGE_CORRUPT:
    case Code.PLUGIN_PACKAGE_SIZE_MISMATCH:
      return [...entryLine(detail), ...reasonLine(detail), rezip];
    case Code.PLUGIN_PACKAGE_UNSUPPORTED: {
      const reason = text(detail, 'reason');
      const method = count(detail, 'method');
      const why: PluginProblem[] =
        reason === 'zip64' ? [{ key: 'plugins.detail.zip64' }] : reason === 'multi-disk' ? [{ key: 'plugins.detail.multiDisk' }] : method !== null ? [{ key: 'plugins.detail.compression', values: { method } }] : reasonLine(detail);
      return [...entryLine(detail), ...why, rezip];
    }
    case Code.PLUGIN_PACKAGE_TOO_MANY_ENTRIES: {
      const entries = count(detail, 'entries');
      const limit = count(detail, 'limit');
      return entries === null || limit === null ? [] : [{ key: 'plugins.detail.tooManyEntries', values: { entries, limit } }];
    }
    case Code.PLUGIN_PACKAGE_TOO_BIG_UNCOMPRESSED: {
      const declared = count(detail, 'declared');
      const limit = count(detail, 'limit');
      if (limit === null) return [];
      return declared === null ? [{ key: 'plugins.detail.limit', values: { limit: bytes(limit) } }] : [{ key: 'plugins.detail.unpackedSize', values: { size: bytes(declared), limit: bytes(limit) } }];
    }
    case Code.PLUGIN_PACKAGE_RATIO:
    case Code.PLUGIN_PACKAGE_LINK:
    case Code.PLUGIN_PACKAGE_SPECIAL_FILE:
    case Code.PLUGIN_PACKAGE_ENCRYPTED:
      return entryLine(detail);
    case Code.PLUGIN_PACKAGE_BAD_PATH: {
      const reason = text(detail, 'reason');
      const why = reason !== null && pathReasons.has(reason) ? [{ key: `plugins.detail.path.${reason}` }] : reasonLine(detail);
      return [...entryLine(detail), ...why];
    }
    case Code.PLUGIN_PACKAGE_DUPLICATE_ENTRY: {
      const folder = text(detail, 'fileAsFolder');
      return [...entryLine(detail), ...(folder !== null ? [{ key: 'plugins.detail.fileAsFolder', values: { path: folder } }] : [])];
    }
    case Code.PLUGIN_PACKAGE_NESTED_ARCHIVE:
      return [...entryLine(detail), ...detectedLines({ detected: detail.detected })];
    case Code.PLUGIN_PACKAGE_NO_MANIFEST: {
      const foundAt = text(detail, 'foundAt');
      return [foundAt !== null ? { key: 'plugins.detail.manifestFoundAt', values: { path: foundAt } } : { key: 'plugins.detail.manifestMissing' }];
    }
    case Code.PLUGIN_PACKAGE_BAD_MANIFEST:
      return badManifest(detail, bytes);
    case Code.PLUGIN_PACKAGE_MV2:
      return [{ key: 'plugins.detail.mv2' }];
    case Code.PLUGIN_ICON_CORRUPT:
      return reasonLine(detail);
    case Code.PLUGIN_ICON_PIXEL_FLOOD:
    case Code.PLUGIN_ICON_NOT_SQUARE:
      return dimensionsLine(detail);
    case Code.PLUGIN_ICON_TOO_SMALL: {
      const minimum = count(detail, 'minimum');
      return [...dimensionsLine(detail), ...(minimum !== null ? [{ key: 'plugins.detail.minimum', values: { minimum } }] : [])];
    }
    default:
      return [];
  }
}
