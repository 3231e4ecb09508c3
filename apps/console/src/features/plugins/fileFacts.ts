import { readJpegSize, readPngSize } from '@facet/plugin-package/imageHeader';
import { HEAD_BYTES, sniffKind } from './pluginFiles.ts';

/** The first bytes of a chosen file, or null when the browser cannot read it (then the server judges). */
export async function readHead(file: Blob): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  } catch {
    // An unreadable file (moved, permissions) is reported by the upload itself, not guessed here.
    return null;
  }
}

/**
 * An icon's pixel size from its PNG or JPEG header, or null when the header cannot be read (the
 * server then says what is wrong). Nothing is decoded: a 250 KB file may declare 16000×16000,
 * and handing it to the browser's decoder would cost a gigabyte before the server could refuse
 * it. The icon is at most 1 MB by the time this runs.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return null;
  }
  const kind = sniffKind(bytes.subarray(0, HEAD_BYTES));
  const size = kind === 'png' ? readPngSize(bytes) : kind === 'jpeg' ? readJpegSize(bytes) : null;
  return size && !('error' in size) ? size : null;
}
