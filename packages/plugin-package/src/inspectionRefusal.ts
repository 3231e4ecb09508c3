/**
 * What an upload inspector answers when it says no. Codes are stable strings (the route layer
 * maps them to contracts codes and message keys later); `detail` names the entry, the size or
 * the limit so the message can say exactly what was wrong. English never lives here.
 */
export type RefusalDetail = Record<string, string | number | boolean>;

export interface Refusal<C extends string = string> {
  ok: false;
  code: C;
  detail: RefusalDetail;
}

export function refuse<C extends string>(code: C, detail: RefusalDetail = {}): Refusal<C> {
  return { ok: false, code, detail };
}

/** Names and types go into `detail` for a message: keep them short and free of control characters. */
export function printable(text: string): string {
  // Everything but printable ASCII and U+00A0 onwards: C0 and C1 controls and DEL.
  const cleaned = text.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?');
  return cleaned.length > 200 ? `${cleaned.slice(0, 200)}…` : cleaned;
}

export function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}

/** Refusals of a plugin installation package (the zip the agent later loads into Chromium). */
export const PackageRefusal = {
  /** More than 20 MB arrived; the rest of the stream is not read. */
  TOO_LARGE: 'PACKAGE_TOO_LARGE',
  /** The bytes are not a zip, whatever the name or Content-Type said. */
  NOT_ZIP: 'PACKAGE_NOT_ZIP',
  /** A packed Chrome extension (Cr24): the spec asks the user to unpack it and zip the folder. */
  IS_CRX: 'PACKAGE_IS_CRX',
  /** The zip structure is broken or inconsistent (offsets, headers, CRC, hidden data). */
  CORRUPT: 'PACKAGE_CORRUPT',
  /** A valid zip feature we do not accept: ZIP64, multi-disk, compression other than deflate. */
  UNSUPPORTED: 'PACKAGE_UNSUPPORTED',
  TOO_MANY_ENTRIES: 'PACKAGE_TOO_MANY_ENTRIES',
  TOO_BIG_UNCOMPRESSED: 'PACKAGE_TOO_BIG_UNCOMPRESSED',
  RATIO: 'PACKAGE_RATIO',
  /** An entry inflated to a size other than the one its headers declared. */
  SIZE_MISMATCH: 'PACKAGE_SIZE_MISMATCH',
  BAD_PATH: 'PACKAGE_BAD_PATH',
  /** Two entries that land on the same file on some file system (case, Unicode form, file/dir). */
  DUPLICATE_ENTRY: 'PACKAGE_DUPLICATE_ENTRY',
  LINK: 'PACKAGE_LINK',
  /** A device, FIFO or socket entry. */
  SPECIAL_FILE: 'PACKAGE_SPECIAL_FILE',
  NESTED_ARCHIVE: 'PACKAGE_NESTED_ARCHIVE',
  ENCRYPTED: 'PACKAGE_ENCRYPTED',
  NO_MANIFEST: 'PACKAGE_NO_MANIFEST',
  BAD_MANIFEST: 'PACKAGE_BAD_MANIFEST',
  /** Manifest V2: current Chromium no longer loads it by default, so the agent could not use it. */
  MV2: 'PACKAGE_MV2',
} as const;
export type PackageRefusalCode = (typeof PackageRefusal)[keyof typeof PackageRefusal];

/** Refusals of a plugin icon. */
export const IconRefusal = {
  TOO_LARGE: 'ICON_TOO_LARGE',
  /** Not PNG or JPEG by its magic bytes (an SVG, GIF, WebP or text named .png lands here). */
  NOT_IMAGE: 'ICON_NOT_IMAGE',
  /** PNG or JPEG magic, but the header is truncated or inconsistent, or the decoder gave up. */
  CORRUPT: 'ICON_CORRUPT',
  /** The header declares more pixels than we will ever decode. */
  PIXEL_FLOOD: 'ICON_PIXEL_FLOOD',
  TOO_SMALL: 'ICON_TOO_SMALL',
  NOT_SQUARE: 'ICON_NOT_SQUARE',
} as const;
export type IconRefusalCode = (typeof IconRefusal)[keyof typeof IconRefusal];
