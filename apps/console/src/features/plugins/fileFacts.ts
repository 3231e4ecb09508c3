import { HEAD_BYTES } from './pluginFiles.ts';

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
 * An image's pixel size as the browser decodes it, or null when it cannot (the server then
 * says what is wrong). The icon is at most 1 MB by the time this runs, so decoding is cheap.
 */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    // Undecodable here is not proof of anything: the server's decoder has the last word.
    return null;
  }
}
