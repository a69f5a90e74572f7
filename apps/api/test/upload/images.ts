// Tiny images built from their format's byte layout, so the tests need no binary fixtures and show
// exactly which bytes make a file a PNG, JPEG, GIF or WebP.
import { crc32, deflateSync } from 'node:zlib';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([ascii(type), data]);
  return Buffer.concat([u32be(data.length), typed, u32be(crc32(typed))]);
}

/** A valid 1×1 RGBA PNG: signature, IHDR, one zlib-compressed scanline (filter 0 + pixel), IEND. */
export function png1x1(rgba: [number, number, number, number] = [255, 0, 0, 255]): Buffer {
  const ihdr = Buffer.concat([u32be(1), u32be(1), Buffer.from([8, 6, 0, 0, 0])]); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JFIF JPEG: SOI, an APP0 "JFIF" segment (version 1.1, 1:1 density), then EOI. */
export function minimalJpeg(): Buffer {
  const app0 = Buffer.concat([ascii('JFIF\0'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0])]);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from([0, app0.length + 2]), app0, Buffer.from([0xff, 0xd9])]);
}

/** A 1×1 GIF89a: screen descriptor with a 2-colour table, one image of one LZW-coded pixel, trailer. */
export function gif1x1(): Buffer {
  return Buffer.concat([
    ascii('GIF89a'),
    Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, global colour table of 2 entries
    Buffer.from([0xff, 0xff, 0xff, 0, 0, 0]),
    Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // image descriptor at 0,0, 1×1
    Buffer.from([2, 2, 0x44, 0x01, 0]), // LZW minimum code size 2, one 2-byte block, terminator
    ascii(';'),
  ]);
}

/** A RIFF/WEBP container holding a VP8L (lossless) chunk header for a 1×1 image. */
export function webp1x1(): Buffer {
  const vp8l = Buffer.from([0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0]);
  const chunk = Buffer.concat([ascii('VP8L'), u32le(vp8l.length), vp8l]);
  return Buffer.concat([ascii('RIFF'), u32le(4 + chunk.length), ascii('WEBP'), chunk]);
}

export const b64 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64');
