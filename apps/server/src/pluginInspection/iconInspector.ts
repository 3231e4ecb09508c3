import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { limits } from '@facet/contracts';
import { detectFileKind, IconRefusal, printable, refuse, type IconRefusalCode, type Refusal } from '@facet/plugin-package';
import { readJpegSize, readPngSize } from '@facet/plugin-package/imageHeader';

/** The spec's icon rules (1 MB, at least 60×60, square) plus what bounds decoding work. */
export const ICON_LIMITS = {
  maxBytes: 1024 * 1024,
  minSide: 60,
  maxPixels: limits.pluginIconMaxPixels,
  /** Every stored icon is re-encoded to this size, so no uploaded byte is ever served back. */
  outputSide: 128,
} as const;

export interface IconDeclared {
  filename: string;
  contentType?: string;
}

export interface AcceptedIcon {
  ok: true;
  /** The re-encoded PNG (outputSide × outputSide, no metadata): the only thing to store. */
  png: Buffer;
  /** Hex SHA-256 of `png`. */
  sha256: string;
  /** The uploaded image's size, as its header declared and the decoder confirmed. */
  width: number;
  height: number;
}

type IconInspection = AcceptedIcon | Refusal<IconRefusalCode>;

/**
 * Decide whether an uploaded icon may be stored, and re-encode it. Everything that bounds the
 * cost comes from the header before any decoding: the magic bytes pick PNG or JPEG (an SVG or
 * anything else named .png is refused, whatever its name or Content-Type), the header gives the
 * size, and a header declaring more than maxPixels is refused as a pixel flood. Only then does
 * the decoder run, with its own pixel limit as a second wall in case it reads the size
 * differently from us.
 */
export async function inspectIcon(bytes: Buffer, declared: IconDeclared): Promise<IconInspection> {
  if (bytes.length > ICON_LIMITS.maxBytes) {
    return refuse(IconRefusal.TOO_LARGE, { size: bytes.length, limit: ICON_LIMITS.maxBytes });
  }
  const format = detectFileKind(bytes.subarray(0, 512));
  if (format !== 'png' && format !== 'jpeg') {
    return refuse(IconRefusal.NOT_IMAGE, {
      detected: format,
      filename: printable(declared.filename),
      declaredType: printable(declared.contentType ?? ''),
    });
  }

  const size = format === 'png' ? readPngSize(bytes) : readJpegSize(bytes);
  if ('error' in size) return refuse(IconRefusal.CORRUPT, { format, reason: size.error });
  const { width, height } = size;
  if (width * height > ICON_LIMITS.maxPixels) {
    return refuse(IconRefusal.PIXEL_FLOOD, { width, height, limit: ICON_LIMITS.maxPixels });
  }
  if (Math.min(width, height) < ICON_LIMITS.minSide) {
    return refuse(IconRefusal.TOO_SMALL, { width, height, minimum: ICON_LIMITS.minSide });
  }
  if (width !== height) return refuse(IconRefusal.NOT_SQUARE, { width, height });

  return reencode(bytes, format, width, height);
}

async function reencode(bytes: Buffer, format: 'png' | 'jpeg', width: number, height: number): Promise<IconInspection> {
  const decoder = () =>
    sharp(bytes, {
      limitInputPixels: ICON_LIMITS.maxPixels,
      // Truncated or damaged data is a refusal, not a half-grey icon.
      failOn: 'warning',
      // An animated PNG becomes its first frame.
      animated: false,
    });
  try {
    // The decoder must see the same format and size as our header reading, or the two
    // disagree about the file and our checks said nothing about what it will decode.
    const metadata = await decoder().metadata();
    if (metadata.format !== format || metadata.width !== width || metadata.height !== height) {
      return refuse(IconRefusal.CORRUPT, { format, reason: 'decoder-disagrees' });
    }
    const png = await decoder()
      .autoOrient()
      .resize(ICON_LIMITS.outputSide, ICON_LIMITS.outputSide, { fit: 'fill' })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return { ok: true, png, sha256: createHash('sha256').update(png).digest('hex'), width, height };
  } catch (error) {
    // sharp rejects damaged data here; the upload is refused and the reason kept for the log.
    const cause = error instanceof Error ? error.message.slice(0, 200) : 'undecodable';
    return refuse(IconRefusal.CORRUPT, { format, reason: 'undecodable', cause });
  }
}
