import { limits } from '@facet/contracts';

/**
 * Cheap checks of the files an upload is about to send (spec §5, §9). They only spare a person a
 * 20 MB wait for an answer the console can already give: the server inspects every byte and is
 * the judge; nothing here is a reason to accept.
 */

/** A message of the plugin centre (`plugins.…`) with the values it names. */
export interface PluginProblem {
  key: string;
  values?: Record<string, string | number>;
}

/** What the console knows of a chosen file without reading it. */
interface ChosenFile {
  name: string;
  size: number;
}

/** Formats a byte count for a message ("1 MB"); the caller passes the console's language. */
export type BytesFormat = (bytes: number) => string;

type SniffedKind = 'zip' | 'crx' | 'png' | 'jpeg' | 'other';

/** How many leading bytes `sniffKind` looks at. */
export const HEAD_BYTES = 8;

const ICON_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** `accept` of the file choosers: the names the spec allows (the server still judges by bytes). */
export const ICON_ACCEPT = '.jpg,.jpeg,.png';
export const PACKAGE_ACCEPT = '.zip';

const startsWith = (head: Uint8Array, signature: readonly number[]) => signature.every((byte, i) => head[i] === byte);

/**
 * A file's kind by its first bytes, as far as the pre-check needs it: a zip (local header or an
 * empty archive's end record), a packed extension ("Cr24"), PNG, JPEG, or anything else.
 */
export function sniffKind(head: Uint8Array): SniffedKind {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(head, [0x43, 0x72, 0x32, 0x34])) return 'crx';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  return 'other';
}

/** "Icon.PNG" → "png"; no dot → "". */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The installation package: a .zip (a .crx gets its own advice), not empty, at most 20 MB, and
 * a zip by its first bytes when those were read (`head` null: not read, left to the server).
 */
export function precheckPackage(file: ChosenFile, head: Uint8Array | null, bytes: BytesFormat): PluginProblem | null {
  const extension = extensionOf(file.name);
  const kind = head ? sniffKind(head) : null;
  if (extension === 'crx' || kind === 'crx') return { key: 'plugins.check.packageIsCrx' };
  if (extension !== 'zip') return { key: 'plugins.check.packageNotZip', values: { name: file.name } };
  if (file.size === 0) return { key: 'plugins.check.fileEmpty', values: { name: file.name } };
  if (file.size > limits.pluginPackageMaxBytes) return { key: 'plugins.check.packageTooLarge', values: { size: bytes(file.size), limit: bytes(limits.pluginPackageMaxBytes) } };
  if (kind !== null && kind !== 'zip') return { key: 'plugins.check.packageContentNotZip', values: { name: file.name } };
  return null;
}

/**
 * The icon: .jpg, .jpeg or .png, not empty, at most 1 MB, PNG or JPEG by its first bytes, and,
 * when the browser could decode it (`size` null: it could not, left to the server), at least
 * 60×60 and square.
 */
export function precheckIcon(file: ChosenFile, head: Uint8Array | null, size: { width: number; height: number } | null, bytes: BytesFormat): PluginProblem | null {
  if (!(ICON_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { key: 'plugins.check.iconType', values: { name: file.name } };
  if (file.size === 0) return { key: 'plugins.check.fileEmpty', values: { name: file.name } };
  if (file.size > limits.pluginIconMaxBytes) return { key: 'plugins.check.iconTooLarge', values: { size: bytes(file.size), limit: bytes(limits.pluginIconMaxBytes) } };
  const kind = head ? sniffKind(head) : null;
  if (kind !== null && kind !== 'png' && kind !== 'jpeg') return { key: 'plugins.check.iconContentNotImage', values: { name: file.name } };
  if (size) {
    const { width, height } = size;
    if (width * height > limits.pluginIconMaxPixels) return { key: 'code.pluginIconPixelFlood' };
    if (Math.min(width, height) < limits.pluginIconMinPx) return { key: 'plugins.check.iconTooSmall', values: { width, height, minimum: limits.pluginIconMinPx } };
    if (width !== height) return { key: 'plugins.check.iconNotSquare', values: { width, height } };
  }
  return null;
}
