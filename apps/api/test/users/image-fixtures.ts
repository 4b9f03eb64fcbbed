import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Real images made on the spot (no binary fixtures in the repository). */
const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 4, background } });

export const pngImage = (width = 600, height = 400) => solid(width, height, '#3b82f6').png().toBuffer();
export const jpegImage = (width = 300, height = 500) => solid(width, height, '#ef4444').jpeg().toBuffer();
export const webpImage = (width = 320, height = 320) => solid(width, height, '#22c55e').webp().toBuffer();

/** Two frames of 40×30, red then blue: an avatar keeps the first. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(['#ff0000', '#0000ff'].map((colour) => solid(40, 30, colour).png().toBuffer()));
  return sharp(frames, { join: { animated: true } }).gif().toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A PNG announcing `width`×`height` pixels with almost no data (one row): a decompression bomb's shape. */
export function hugePngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(1 + width * 3))), chunk('IEND', Buffer.alloc(0))]);
}

export const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
