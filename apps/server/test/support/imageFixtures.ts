import sharp from 'sharp';

/** A real, decodable image of one colour, made by the same library the server decodes with. */
export function solidImage(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/**
 * A JPEG header declaring width × height, preceded by an APP1 segment that itself contains a
 * small SOF0 (as an EXIF thumbnail does): a reader that scans for the first SOF byte pattern
 * instead of walking segments would read 64×64 and let the flood through.
 */
export function jpegHeaderDeclaring(width: number, height: number): Buffer {
  const decoy = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x40, 0x03]);
  const app1Body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), decoy]);
  const app1 = Buffer.alloc(4);
  app1.writeUInt16BE(0xffe1, 0);
  app1.writeUInt16BE(app1Body.length + 2, 2);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app1, app1Body, sof, Buffer.from([0xff, 0xd9])]);
}
