import { PackageRefusal, refuse, type Refusal } from './inspectionRefusal.ts';

export interface ExtensionManifestSummary {
  name: string;
  version: string;
  manifestVersion: 3;
  description?: string;
}

/** Chrome Web Store limits; Chromium itself shows longer text, but no listing ever needs more. */
const MAX_NAME = 75;
const MAX_DESCRIPTION = 132;
/** Chrome's extension version: 1 to 4 dot-separated integers 0–65535, no leading zeros. */
const VERSION_FORMAT = /^(0|[1-9][0-9]{0,4})(\.(0|[1-9][0-9]{0,4})){0,3}$/;

/**
 * Validate the manifest.json text of an extension and keep what the plugin centre shows.
 *
 * Manifest V2 is refused with its own code: Chromium has disabled MV2 extensions by default
 * since its MV2 phase-out, and current builds will not load one, so accepting it would store a
 * plugin that silently never runs in any profile.
 */
export function readExtensionManifest(content: Buffer): ExtensionManifestSummary | Refusal {
  const bad = (reason: string, extra: Record<string, string | number> = {}) =>
    refuse(PackageRefusal.BAD_MANIFEST, { reason, ...extra });

  let manifest: unknown;
  try {
    manifest = parseManifestJson(content);
  } catch (error) {
    return bad('not-json', { cause: error instanceof Error ? error.message.slice(0, 200) : 'unparseable' });
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return bad('not-an-object');
  const fields = manifest as Record<string, unknown>;

  const manifestVersion = fields['manifest_version'];
  if (manifestVersion === 2) return refuse(PackageRefusal.MV2, { manifestVersion: 2 });
  if (manifestVersion !== 3) return bad('manifest-version', { found: describe(manifestVersion) });

  const name = fields['name'];
  if (typeof name !== 'string' || name.trim() === '') return bad('name-missing');
  if (name.length > MAX_NAME) return bad('name-too-long', { length: name.length, limit: MAX_NAME });

  const version = fields['version'];
  if (typeof version !== 'string') return bad('version-missing');
  if (!isChromeVersion(version)) return bad('version-format', { found: version.slice(0, 50) });

  const summary: ExtensionManifestSummary = { name: name.trim(), version, manifestVersion: 3 };
  const description = fields['description'];
  if (description !== undefined) {
    if (typeof description !== 'string') return bad('description-not-text');
    if (description.length > MAX_DESCRIPTION) {
      return bad('description-too-long', { length: description.length, limit: MAX_DESCRIPTION });
    }
    summary.description = description;
  }
  return summary;
}

export function isChromeVersion(version: string): boolean {
  return VERSION_FORMAT.test(version) && version.split('.').every((part) => Number(part) <= 65535);
}

/**
 * Chromium parses manifests leniently: a UTF-8 byte-order mark and JavaScript comments are
 * accepted, so real extensions carry them. Strip both, then parse strictly.
 */
function parseManifestJson(content: Buffer): unknown {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(content).replace(/^\uFEFF/, '');
  return JSON.parse(stripJsonComments(text));
}

/** Remove // and /* *\/ comments outside string literals; string contents are left alone. */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"') {
      const start = i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      out += text.slice(start, ++i);
    } else if (char === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (char === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new SyntaxError('unterminated comment');
      out += ' ';
      i = end + 2;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}

function describe(value: unknown): string {
  return value === undefined ? 'missing' : JSON.stringify(value).slice(0, 20);
}
