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
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from([0, app0.length + 2]),
    app0,
    Buffer.from([0xff, 0xd9]),
  ]);
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

/** A real 2×1 baseline JPEG (red, blue) as Chromium's canvas encodes it: JFIF, ICC profile, tables, one scan. */
export function realJpeg(): Buffer {
  return Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wAARCAABAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAbEAEAAAcAAAAAAAAAAAAAAAAAAQMFBjV0sv/EABUBAQEAAAAAAAAAAAAAAAAAAAUJ/8QAGxEAAAcBAAAAAAAAAAAAAAAAAAECBAU1c7L/2gAMAwEAAhEDEQA/AIHuHP1LZm9xAU2galpmjkgBNWbrRfRj/9k=',
    'base64',
  );
}

/** An APP1 "Exif" segment as a phone writes it: camera make, orientation, and a GPS position (39°54'N 116°23'E). */
export function exifSegment(orientation: number): Buffer {
  // Big-endian TIFF; IFD0 at 8 with Make, Orientation and the GPS IFD pointer; the GPS IFD after it.
  const make = ascii('PhoneMaker\0');
  const ifd0 = 8;
  const ifd0Size = 2 + 3 * 12 + 4;
  const makeAt = ifd0 + ifd0Size;
  const gpsAt = makeAt + make.length;
  const gpsSize = 2 + 2 * 12 + 4;
  const latitudeAt = gpsAt + gpsSize;
  const u16 = (n: number) => Buffer.from([n >> 8, n & 0xff]);
  const entry = (tag: number, type: number, count: number, value: Buffer) =>
    Buffer.concat([u16(tag), u16(type), u32be(count), Buffer.concat([value, Buffer.alloc(4)]).subarray(0, 4)]);
  const tiff = Buffer.concat([
    ascii('MM'),
    u16(42),
    u32be(ifd0),
    u16(3),
    entry(0x010f, 2, make.length, u32be(makeAt)),
    entry(0x0112, 3, 1, u16(orientation)),
    entry(0x8825, 4, 1, u32be(gpsAt)),
    u32be(0),
    make,
    u16(2),
    entry(0x0001, 2, 2, ascii('N\0')),
    entry(0x0002, 5, 3, u32be(latitudeAt)),
    u32be(0),
    u32be(39),
    u32be(1),
    u32be(54),
    u32be(1),
    u32be(0),
    u32be(1),
  ]);
  const payload = Buffer.concat([ascii('Exif\0\0'), tiff]);
  return Buffer.concat([Buffer.from([0xff, 0xe1]), u16(payload.length + 2), payload]);
}

/**
 * The JPEG with what phones and editors add: EXIF (with GPS) right after SOI, an XMP packet, a
 * comment, and bytes after the end-of-image marker.
 */
export function jpegWithMetadata(jpeg: Buffer, orientation = 6): Buffer {
  const segment = (marker: number, payload: Buffer) =>
    Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);
  const xmp = segment(
    0xe1,
    ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>39,54N</exif:GPSLatitude></x:xmpmeta>'),
  );
  const comment = segment(0xfe, ascii('taken at home, Room 1203'));
  return Buffer.concat([
    jpeg.subarray(0, 2),
    exifSegment(orientation),
    jpeg.subarray(2, -2),
    xmp,
    comment,
    jpeg.subarray(-2),
    ascii('trailing secret'),
  ]);
}
